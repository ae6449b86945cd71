// Every SQL statement of the accounts module (users, refresh tokens, reset links, rate-limit hits).
import { and, eq, gt, inArray, isNotNull, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { intArrayText, textArray } from '../../db/compiled';
import { planCached } from '../../db/plan-cache';
import { queryRow, queryRows, type SqlRunner } from '../../db/rows';
import {
  passwordResets,
  rateLimitCounters,
  rateLimitHits,
  refreshTokens,
  users,
} from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** The columns the auth plugin keeps on the request (one primary-key or unique-index lookup). */
const authColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firebaseUid: users.firebaseUid,
  authProvider: users.authProvider,
  sessionsRevokedAt: users.sessionsRevokedAt,
};

/** Locks the user's row until the transaction ends (SELECT … FOR UPDATE). */
export async function lockAccount(db: SqlRunner, userId: number): Promise<void> {
  await db.execute(sql`select 1 from users where id = ${userId} for update`);
}

/** The id of an account of Cratedig's own (auth_provider 'internal'), created on first use. */
export async function internalAccount(db: Db, username: string, email: string): Promise<number> {
  await db.execute(sql`
    insert into users (username, email, auth_provider, completed_onboarding)
    values (${username}, ${email}, 'internal', true)
    on conflict do nothing`);
  const row = await queryRow<{ id: number }>(db, sql`select id from users where username = ${username}`);
  if (!row) throw new Error('the Cratedig account is missing');
  return row.id;
}

/** The author's count of accepted proposals rises by one (profiles, and trust). */
export async function countAcceptedIdentification(db: Db, authorId: number): Promise<void> {
  await db.execute(
    sql`update users set identifications_accepted = identifications_accepted + 1 where id = ${authorId}`,
  );
}

export async function findAuthUserById(db: Db, id: number) {
  const [row] = await db.select(authColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findAuthUserByFirebaseUid(db: Db, firebaseUid: string) {
  const [row] = await db.select(authColumns).from(users).where(eq(users.firebaseUid, firebaseUid)).limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Case-insensitive, as the unique index users_username_lower_key is. */
export async function findUserByUsername(db: Db, username: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return row ?? null;
}

export async function insertUser(db: Db, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export async function updateUser(db: Db, id: number, values: Partial<NewUserRow>): Promise<UserRow | null> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row ?? null;
}

/** The unique constraint a failed insert/update hit (PostgreSQL 23505), or null for any other error. */
export function uniqueViolation(error: unknown): string | null {
  // Drizzle wraps driver errors; the PostgreSQL fields sit on the error or on its cause.
  for (let current: unknown = error; current && typeof current === 'object'; ) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    current = cause;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Refresh tokens

export async function insertRefreshToken(
  db: Db,
  values: { userId: number; familyId: string; tokenHash: string; familyExpiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/**
 * Marks a live token rotated. False when another request rotated or revoked it first: that second
 * use is a reuse, whoever came first.
 */
export async function markRotated(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: sql`now()` })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every live token of the user; answers the families (sessions) that were live. */
export async function revokeUserTokens(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  return [...new Set(rows.map((row) => row.familyId))];
}

/** From now on, identity-provider sign-ins made before this instant are refused (auth plugin). */
export async function markSessionsRevoked(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ sessionsRevokedAt: sql`now()` }).where(eq(users.id, userId));
}

/**
 * Whether a session was revoked: revocation marks every token of the family at once (rotation never
 * does), so one marked token says it. An index lookup on the family.
 */
export async function isFamilyRevoked(db: Db, familyId: string): Promise<boolean> {
  const rows = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNotNull(refreshTokens.revokedAt)))
    .limit(1);
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------------
// Password resets

export async function insertPasswordReset(
  db: Db,
  values: { userId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(values);
}

/** Uses a reset link at most once: the user id when it was unused and unexpired, else null. */
export async function consumePasswordReset(db: Db, tokenHash: string): Promise<number | null> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId ?? null;
}

/** After a reset, older links of the same user stop working too. */
export async function expireUserResets(db: Db, userId: number): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

// ---------------------------------------------------------------------------------------------------
// Rate-limit hits (sliding windows in PostgreSQL, so every instance counts the same)

export interface HitCounter {
  bucket: string;
  /** Whose hits: the value, or a placeholder for it in a statement compiled once (db/compiled.ts). */
  key: string | Placeholder;
  max: number;
  windowS: number;
}

/** The recorded hits' ids and `alongside`'s value, or how many seconds to wait (nothing recorded). */
export type HitsTaken = { ids: number[]; value: unknown } | { waitS: number };

/**
 * Counts one hit on every counter, or none, in one statement (cd_take_hits, db/functions/
 * 08-rate-limits.sql): advisory locks per counter in a fixed order, every window checked, and when
 * all are below their limits the hits recorded. Concurrent requests on any number of instances queue
 * on the locks, so a limit of 5 lets exactly 5 through. Answers the ids of the recorded hits, or how
 * many seconds to wait when a counter is at its limit (nothing recorded then).
 *
 * `alongside`, a scalar SQL expression, is read in the same statement and answered as `value`: a
 * request that needs one small value before its work (the search documents' generation) gets it
 * without a round trip of its own.
 */
export function takeHits(db: Db, counters: HitCounter[], alongside?: SQL): Promise<HitsTaken> {
  return takeFrom(db, hitsSource(counters), alongside);
}

async function takeFrom(db: Db, source: SQL, alongside: SQL | undefined): Promise<HitsTaken> {
  // The text is fixed for a given number of counters (the values are parameters), so its plan is
  // kept per connection.
  const row = await queryRow<HitsRow & { value: unknown }>(
    db,
    planCached(sql`select wait_s, ids, ${alongside ?? sql`null`} as value from ${source}`),
  );
  const outcome = hitsOutcome(row);
  return 'waitS' in outcome ? outcome : { ...outcome, value: row?.value ?? null };
}

/** What cd_take_hits answers: seconds to wait (> 0: nothing recorded) or the recorded hits' ids. */
export interface HitsRow {
  wait_s: number | null;
  ids: (string | number)[] | null;
}

/**
 * cd_take_hits over `counters` as a row source (one row of HitsRow), for a statement that does its
 * own work beside counting the hits; its text depends on the number of counters only.
 */
export function hitsSource(counters: HitCounter[]): SQL {
  const texts = (values: (string | Placeholder)[]) =>
    sql`array[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::text[]`;
  const ints = (values: number[]) =>
    sql`array[${sql.join(
      values.map((v) => sql`${Math.trunc(v)}::int`),
      sql`, `,
    )}]::int[]`;
  return sql`cd_take_hits(${texts(counters.map((c) => c.bucket))}, ${texts(counters.map((c) => c.key))}, ${ints(
    counters.map((c) => c.max),
  )}, ${ints(counters.map((c) => c.windowS))})`;
}

/** One counter's hits counted by an instance since its last merge (mergeCounterHits). */
export interface CounterHits {
  key: string;
  /** Epoch milliseconds (whole numbers), oldest first. */
  times: number[];
  /** How many of the latest times the row keeps: the counter's limit. */
  max: number;
}

/**
 * Merges an instance's new hits into their counters' rows (cd_merge_counter_hits, db/functions/
 * 08-rate-limits.sql) in one statement, and answers each counter's merged times (epoch milliseconds,
 * oldest first): every instance's hits as the database holds them now.
 */
export async function mergeCounterHits(
  db: Db,
  bucket: string,
  counters: CounterHits[],
): Promise<Map<string, number[]>> {
  if (counters.length === 0) return new Map();
  const rows = await queryRows<{ counter_key: string; counter_hits: number[] | null }>(
    db,
    sql`select counter_key, counter_hits from cd_merge_counter_hits(${bucket}::text,
      ${textArray(counters.map((c) => c.key))},
      ${intArrayText(counters.map((c) => c.times.length))}::int[],
      ${intArrayText(counters.flatMap((c) => c.times))}::float8[],
      ${intArrayText(counters.map((c) => Math.trunc(c.max)))}::int[])`,
  );
  return new Map(rows.map((row) => [row.counter_key, (row.counter_hits ?? []).map(Number)]));
}

/** A HitsRow read: the hits recorded, or how long to wait. */
export function hitsOutcome(row: HitsRow | undefined): { ids: number[] } | { waitS: number } {
  const waitS = Number(row?.wait_s ?? 0);
  if (waitS > 0) return { waitS };
  return { ids: (row?.ids ?? []).map(Number) };
}

/** Takes back hits recorded by takeHits (an attempt that turned out not to count, e.g. a good login). */
export async function deleteHits(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, ids));
}

export async function clearHits(db: Db, bucket: string, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, key)));
}

/**
 * Forgets the hits of every counter older than `windowS` seconds, the longest window of any limit:
 * no window reaches them, so no decision changes. Without this, the counts of every address and
 * account ever limited would stay. Answers how many rows went from each table.
 */
export async function forgetOldHits(db: Db, windowS: number): Promise<{ hits: number; counters: number }> {
  const since = sql`now() - make_interval(secs => ${Math.trunc(windowS)}::int)`;
  const row = await queryRow<{ hits: number; counters: number }>(
    db,
    sql`with h as (delete from ${rateLimitHits} where ${rateLimitHits.at} < ${since} returning 1),
      c as (delete from ${rateLimitCounters}
            where coalesce(${rateLimitCounters.hits}[cardinality(${rateLimitCounters.hits})] < ${since}, true)
            returning 1)
      select (select count(*) from h)::int as hits, (select count(*) from c)::int as counters`,
  );
  return { hits: Number(row?.hits ?? 0), counters: Number(row?.counters ?? 0) };
}
