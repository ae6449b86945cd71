// SQL of an owner's calls beyond their drafts' rows (queries.ts): whether the fingerprint job heard
// their set yet, and the takedown notification.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRow } from '../../db/rows';

/** Whether the landmark job heard the set against the others (docs/fingerprints.md) at least once. */
export async function setHeard(db: Db, setId: number): Promise<boolean> {
  const row = await queryRow<{ heard: boolean }>(
    db,
    sql`select scanned_at is not null as heard from set_landmarks where set_id = ${setId}`,
  );
  return row?.heard ?? false;
}
