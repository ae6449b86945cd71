// `cratedig feature`: an editorial featured list of the home page (docs/web-app.md Home), replaced whole in
// the given order. Every id must name an existing item of that kind; an empty list brings back the
// "most liked recently" fallback.
import { FEATURED_KINDS, type FeaturedKind } from '@cratedig/contract/catalogue-api';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import type { ServiceContext } from '../../plugins/service-context';
import { intArray, replaceFeaturedRows } from './queries';

export class FeatureRefusal extends Error {}

export function isFeaturedKind(kind: string): kind is FeaturedKind {
  return (FEATURED_KINDS as readonly string[]).includes(kind);
}

export async function replaceFeatured(ctx: ServiceContext, kind: FeaturedKind, ids: number[]): Promise<void> {
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate !== undefined) throw new FeatureRefusal(`${duplicate} is given twice`);
  await ctx.db.transaction(async (tx) => {
    const found = (
      await queryRows<{ id: number }>(
        tx,
        sql`select id from ${sql.raw(kind)} where id = any(${intArray(ids)})`,
      )
    ).map((r) => r.id);
    const missing = ids.filter((id) => !found.includes(id));
    if (missing.length > 0) throw new FeatureRefusal(`no ${kind} with id ${missing.join(', ')}`);
    await replaceFeaturedRows(tx, kind, ids);
  });
}
