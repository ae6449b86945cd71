// Catalogue items by id through the instance's page cache (page-cache.ts, docs/catalogue.md "What is
// kept between requests"): the search's result pages name their items by id, and each item is the
// same for every listener but for its own fields. So each item read in full is kept on its own, with
// the catalogue's generation its statement read; a later request reads, in one statement, the
// generation, the own fields of the items kept and the items not kept in full, and lays the own fields
// over the kept items. Kept items from another generation are read again in full.
import { type SQL, sql } from 'drizzle-orm';
import { compiledRows, intArrayPlaceholder, intArrayText } from '../../db/compiled';
import { planCached } from '../../db/plan-cache';
import {
  type Alongside,
  ITEMS_KINDS,
  type ItemsKind,
  type ItemsPart,
  itemsById,
  itemsByIdAlongside,
  itemsFunction,
  selectAlongside,
} from '../../db/read-models/catalogue-items-by-id';
import type { ServiceContext, UserContext } from '../../plugins/service-context';
import { GENERATION } from './generation';
import { pageCacheFor } from './page-cache';

interface WithId {
  id: number;
}

const itemKey = (kind: ItemsKind, id: number) => `item\u0000${kind}\u0000${id}`;

/** Adds `id` to the ids of `kind` in `ids`. */
function addId(ids: Partial<Record<ItemsKind, number[]>>, kind: ItemsKind, id: number): void {
  const list = ids[kind];
  if (list) list.push(id);
  else ids[kind] = [id];
}

/** The column (and placeholder) of one kind's ids for one part: own fields, or items in full. */
const partName = (part: ItemsPart, kind: ItemsKind) => `${part}_${kind}`;

/**
 * The generation, and every kind's two parts, each through its function (itemsFunction: a part
 * whose ids are empty costs the database next to nothing), with `alongside`'s columns. One text
 * whatever is asked, compiled once per `alongside` (db/compiled.ts): the listener and each part's
 * ids are its placeholders. The items in full come as the text of their JSON array: parsed here,
 * its length weighs them.
 */
function partsStatement(alongside: Alongside | undefined): SQL {
  const columns: [SQL, string][] = [[GENERATION, 'generation']];
  const user = sql`${sql.placeholder('user')}::int`;
  for (const kind of ITEMS_KINDS)
    for (const part of ['own', 'full'] as const)
      columns.push([
        sql`${sql.raw(itemsFunction(part, kind))}(${intArrayPlaceholder(partName(part, kind))}, ${user})`,
        partName(part, kind),
      ]);
  return planCached(selectAlongside(columns, alongside));
}

/** The row of one read of kept items' own fields and missing items in full, with `alongside`'s columns. */
async function readParts(
  ctx: UserContext,
  keptIds: Partial<Record<ItemsKind, number[]>>,
  missing: Partial<Record<ItemsKind, number[]>>,
  alongside: Alongside | undefined,
): Promise<Record<string, unknown> | undefined> {
  const values: Record<string, unknown> = { ...alongside?.values, user: ctx.userId };
  for (const kind of ITEMS_KINDS) {
    values[partName('own', kind)] = intArrayText(keptIds[kind] ?? []);
    values[partName('full', kind)] = intArrayText(missing[kind] ?? []);
  }
  const build = () => partsStatement(alongside);
  return (
    await compiledRows<Record<string, unknown>>(ctx.db, `kept-items ${alongside?.name ?? ''}`, build, values)
  )[0];
}

/** The items of several kinds, each kind in the order asked; an id no longer in the catalogue is left out. */
export async function keptItemsById<T extends WithId>(
  ctx: UserContext,
  wanted: Partial<Record<ItemsKind, number[]>>,
): Promise<Partial<Record<ItemsKind, T[]>>> {
  if (!(Object.keys(wanted) as ItemsKind[]).some((k) => (wanted[k] ?? []).length > 0)) return {};
  return (await keptItemsAlongside<T, object>(ctx, wanted)).items;
}

/**
 * keptItemsById with `alongside` read in the same statement (its row answered as `row`): a search's
 * generation costs no round trip of its own.
 */
export async function keptItemsAlongside<T extends WithId, Row>(
  ctx: UserContext,
  wanted: Partial<Record<ItemsKind, number[]>>,
  alongside?: Alongside,
): Promise<{ items: Partial<Record<ItemsKind, T[]>>; row: Row | undefined }> {
  const kinds = (Object.keys(wanted) as ItemsKind[]).filter((k) => (wanted[k] ?? []).length > 0);
  const cache = pageCacheFor(ctx.db, ctx.config.catalogueCacheMb);
  if (!cache) return await itemsByIdAlongside<T, Row>(ctx.db, wanted, ctx.userId, alongside);
  const kept = new Map<string, { generation: number; value: T }>();
  const missing: Partial<Record<ItemsKind, number[]>> = {};
  const keptIds: Partial<Record<ItemsKind, number[]>> = {};
  for (const kind of kinds)
    for (const id of wanted[kind] ?? []) {
      const item = cache.get<T>(itemKey(kind, id));
      if (item) kept.set(itemKey(kind, id), item);
      addId(item ? keptIds : missing, kind, id);
    }
  const read = await readParts(ctx, keptIds, missing, alongside);
  const row = read ?? {};
  const generation = row.generation === null || row.generation === undefined ? null : Number(row.generation);
  const found = new Map<string, T>();
  const stale: Partial<Record<ItemsKind, number[]>> = {};
  const full = new Map<ItemsKind, { items: T[]; weight: number }>();
  for (const kind of kinds) {
    const text = row[partName('full', kind)] as string | null | undefined;
    const items = text ? (JSON.parse(text) as T[]) : [];
    // each item weighs its share of the array's text (its own text but for a comma)
    full.set(kind, { items, weight: items.length > 0 && text ? text.length / items.length : 0 });
    for (const item of items) found.set(itemKey(kind, item.id), item);
    const own = new Map(((row[partName('own', kind)] as WithId[] | null) ?? []).map((f) => [f.id, f]));
    for (const id of keptIds[kind] ?? []) {
      const item = kept.get(itemKey(kind, id));
      const fields = own.get(id);
      if (!item || !fields) continue; // gone from the catalogue
      if (item.generation === generation) found.set(itemKey(kind, id), { ...item.value, ...fields });
      else addId(stale, kind, id);
    }
  }
  if (Object.keys(stale).length > 0) {
    const fresh = await itemsById<T>(ctx.db, stale, ctx.userId);
    for (const kind of Object.keys(fresh) as ItemsKind[])
      for (const item of fresh[kind] ?? []) found.set(itemKey(kind, item.id), item);
  }
  // the items read in full are kept at the generation their statement read (the stale ones' second
  // statement read no generation: they are kept by the next request that reads them)
  if (generation !== null)
    for (const [kind, { items, weight }] of full)
      for (const item of items) cache.keep(itemKey(kind, item.id), generation, item, weight);
  const items = Object.fromEntries(
    kinds.map((kind) => [
      kind,
      (wanted[kind] ?? []).flatMap((id) => {
        const item = found.get(itemKey(kind, id));
        return item ? [item] : [];
      }),
    ]),
  );
  return { items, row: read as Row | undefined };
}

/**
 * Reads items of one kind in full into the instance's kept items, for no listener (each request lays
 * its listener's own fields over them), ahead of the requests that will name them. Answers how full
 * the kept items are now, as a share of their room (1 when the instance keeps nothing).
 */
export async function keepItems(ctx: ServiceContext, kind: ItemsKind, ids: number[]): Promise<number> {
  const cache = pageCacheFor(ctx.db, ctx.config.catalogueCacheMb);
  if (!cache) return 1;
  await keptItemsById({ ...ctx, userId: 0 }, { [kind]: ids });
  return cache.keptBytes / cache.maxBytes;
}

/** Ids no catalogue item has: a warm-up's statement runs whole and finds nothing. */
const NO_ITEMS: Record<ItemsKind, number[]> = { tracks: [0], sets: [0], artists: [0], labels: [0] };

/**
 * Opens `connections` pooled connections at once and has each run the items statement: a new
 * PostgreSQL connection costs its first statements 20–40 ms (the server process starts, reads the
 * catalogue tables' and indexes' descriptions, plans), which a burst of searches after a start
 * otherwise pays all at once (docs/deploy.md "Readiness"). The runs are concurrent, so each takes a
 * connection of its own. On PGlite, one run.
 */
export async function warmConnections(ctx: ServiceContext, connections: number): Promise<void> {
  const nobody: UserContext = { ...ctx, userId: 0 };
  await Promise.all(Array.from({ length: connections }, () => keptItemsById(nobody, NO_ITEMS)));
}
