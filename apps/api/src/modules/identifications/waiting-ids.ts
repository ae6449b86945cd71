// GET /ids: the IDs waiting to be named (nobody's suggestion accepted, not released), most watched
// first, with the list query of the other lists: search, the caller's own (followed_filter), paging by
// offset or by the keyset cursor `after`.
import { decodeCursor } from '@cratedig/contract/catalogue-api';
import {
  WAITING_ID_ORDERS,
  type WaitingIdList,
  type WaitingIdListQuery,
} from '@cratedig/contract/identifications-api';
import type { TrackMeta } from '@cratedig/contract/track';
import { type SQL, sql } from 'drizzle-orm';
import * as catalogue from '../../db/read-models/catalogue-ids';
import { trackItem } from '../../db/read-models/catalogue-items';
import { queryRows } from '../../db/rows';
import { unprocessable } from '../../lib/http-errors';
import type { UserContext } from '../../plugins/service-context';
import { nameSearchCondition } from '../catalogue/service';

const COLUMNS: Record<WaitingIdListQuery['order_by'], { column: SQL; cast: SQL; text: boolean }> = {
  [WAITING_ID_ORDERS.most_watched]: { column: sql`w.total_user_likes`, cast: sql`int`, text: false },
  [WAITING_ID_ORDERS.first_seen]: { column: sql`w.created_dt`, cast: sql`timestamptz`, text: false },
  [WAITING_ID_ORDERS.artist]: { column: sql`w.artist`, cast: sql`text`, text: true },
  [WAITING_ID_ORDERS.title]: { column: sql`w.title`, cast: sql`text`, text: true },
};

/** Most watched and first seen read best from the top; names from A. */
function defaultDirection(orderBy: WaitingIdListQuery['order_by']): 'asc' | 'desc' {
  return orderBy === WAITING_ID_ORDERS.artist || orderBy === WAITING_ID_ORDERS.title ? 'asc' : 'desc';
}

export async function listWaitingIds(ctx: UserContext, query: WaitingIdListQuery): Promise<WaitingIdList> {
  const sort = COLUMNS[query.order_by];
  const direction = query.order_direction ?? defaultDirection(query.order_by);
  const conditions: SQL[] = [
    sql`w.mix_type = 'ID'`,
    sql`not ${catalogue.isReleased(sql`w.id`)}`,
    sql`not exists (select 1 from identifications a where a.id_track_id = w.id and a.status = 'accepted')`,
  ];
  if (query.state === 'proposed' || query.state === 'unidentified') {
    const open = sql`exists (select 1 from identifications o where o.id_track_id = w.id and o.status = 'open')`;
    conditions.push(query.state === 'proposed' ? open : sql`not ${open}`);
  }
  // the catalogue's search predicate reads its row as `x`
  if (query.search) conditions.push(catalogue.idTrackMatches(nameSearchCondition('ids', query.search)));
  if (query.followed_filter) {
    conditions.push(sql`w.id in (${catalogue.watchedBy(ctx.userId)})`);
  }
  const where = sql.join(conditions, sql` and `);
  let beyond: SQL = sql`true`;
  if (query.after !== undefined) {
    const cursor = decodeCursor(query.after);
    if (cursor.value === null || (typeof cursor.value === 'number') === sort.text) {
      throw unprocessable({ query: { after: ['This cursor does not belong to this order.'] } });
    }
    const value = sql`${cursor.value}::${sort.cast}`;
    const op = sql.raw(direction === 'asc' ? '>' : '<');
    beyond =
      cursor.id === undefined
        ? sql`${sort.column} ${op} ${value}`
        : sql`(${sort.column}, w.id) ${op} (${value}, ${cursor.id}::int)`;
  }
  const order = sql.raw(direction);
  // not `x`: the track JSON's own subqueries use that alias
  const item = trackItem(ctx.userId, 'w');
  try {
    const [row] = await queryRows<{ data: TrackMeta[] | null; total: number }>(
      ctx.db,
      catalogue.idTrackPage({
        where,
        beyond,
        order: sql`${sort.column} ${order}, w.id ${order}`,
        item: item.json,
        limit: query.limit,
        offset: query.offset,
      }),
    );
    const data = row?.data ?? [];
    return { data, pagination: { offset: query.offset, count: data.length, total: row?.total ?? 0 } };
  } catch (error) {
    // a cursor value PostgreSQL cannot read as the sort's type (e.g. a date that is not one)
    if (invalidText(error))
      throw unprocessable({ query: { after: ['This cursor does not belong to this order.'] } });
    throw error;
  }
}

function invalidText(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === 'object'; ) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (code === '22007' || code === '22P02' || code === '22008') return true;
    current = cause;
  }
  return false;
}
