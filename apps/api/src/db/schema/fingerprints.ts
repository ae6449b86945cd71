import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sets } from './sets';

/** Raw bytes: a fingerprint is stored as little-endian 32-bit values, 4 bytes per 0.124 s of audio. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * One row per set whose audio the fingerprint job has seen (docs/fingerprints.md): pending until the
 * job reads it, then done with the whole fingerprint, or failed with the reason the audio could not be
 * read. The audio path is remembered so a set whose audio changes is fingerprinted again.
 */
export const setFingerprints = pgTable(
  'set_fingerprints',
  {
    setId: integer('set_id')
      .primaryKey()
      .references(() => sets.id, { onDelete: 'cascade' }),
    audioPath: text('audio_path').notNull(),
    status: text('status').notNull().default('pending'),
    error: text('error'),
    items: integer('items').notNull().default(0),
    fingerprint: bytea('fingerprint'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('set_fingerprints_status_check', sql`${t.status} in ('pending', 'done', 'failed')`),
    index('set_fingerprints_status_idx').on(t.status),
  ],
);

/**
 * The index over fingerprint values: every 4th value of every done set, with where it sits. A query
 * looks up each of its own values here and gets candidate sets and offsets without reading any
 * fingerprint; only the candidates are then compared bit by bit.
 */
export const fingerprintPostings = pgTable(
  'fingerprint_postings',
  {
    key: integer('key').notNull(),
    setId: integer('set_id')
      .notNull()
      .references(() => sets.id, { onDelete: 'cascade' }),
    pos: integer('pos').notNull(),
  },
  (t) => [index('fingerprint_postings_key_idx').on(t.key), index('fingerprint_postings_set_idx').on(t.setId)],
);

/**
 * One row per set whose audio the landmark job has seen (docs/fingerprints.md): pending until the job
 * reads it, then done with the set's spectral peaks, or failed with the reason. `method` is the
 * landmark method's version: a set read by an older one is read again, while its old answers stand.
 */
export const setLandmarks = pgTable(
  'set_landmarks',
  {
    setId: integer('set_id')
      .primaryKey()
      .references(() => sets.id, { onDelete: 'cascade' }),
    audioPath: text('audio_path').notNull(),
    method: integer('method').notNull(),
    status: text('status').notNull().default('pending'),
    error: text('error'),
    seconds: integer('seconds').notNull().default(0),
    landmarks: integer('landmarks').notNull().default(0),
    peaks: bytea('peaks'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * When the set was last heard against the other sets (landmark_stretches): against every set
     * done before then. Null until the first time.
     */
    scannedAt: timestamp('scanned_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('set_landmarks_status_check', sql`${t.status} in ('pending', 'done', 'failed')`),
    index('set_landmarks_status_idx').on(t.status),
  ],
);

/**
 * The landmark index: every landmark the index keeps of every done set, by key, with where its first
 * peak sits (`t`, in frames of 16 ms) and its first peak's frequency and span (`detail`).
 */
export const landmarkPostings = pgTable(
  'landmark_postings',
  {
    key: integer('key').notNull(),
    setId: integer('set_id')
      .notNull()
      .references(() => sets.id, { onDelete: 'cascade' }),
    t: integer('t').notNull(),
    detail: integer('detail').notNull(),
  },
  (t) => [index('landmark_postings_key_idx').on(t.key), index('landmark_postings_set_idx').on(t.setId)],
);

/**
 * In how many sets each key of the landmark index is posted, for the keys two sets or more hold (a key
 * without a row is in one set at most). The job adds a set's keys as it writes its postings (in the
 * same statements); a trigger takes them away when a set's postings are deleted (read again, failed,
 * or the set deleted). A lookup leaves out the keys found in far more sets than the others
 * (docs/fingerprints.md, "Storage and index") and reads this table to know which.
 */
export const landmarkKeys = pgTable('landmark_keys', {
  key: integer('key').primaryKey(),
  sets: integer('sets').notNull(),
});

/**
 * What the landmark job heard of a set in the others: a stretch of the set (in its seconds) is the
 * same audio as a stretch of the other set, played at `speed` against it. Only the set's stretches
 * its tracklist does not name are looked for (ID entries, gaps, a set without times).
 */
export const landmarkStretches = pgTable(
  'landmark_stretches',
  {
    setId: integer('set_id')
      .notNull()
      .references(() => sets.id, { onDelete: 'cascade' }),
    otherSetId: integer('other_set_id')
      .notNull()
      .references(() => sets.id, { onDelete: 'cascade' }),
    startS: real('start_s').notNull(),
    endS: real('end_s').notNull(),
    otherStartS: real('other_start_s').notNull(),
    otherEndS: real('other_end_s').notNull(),
    speed: real('speed').notNull(),
    keyLocked: boolean('key_locked').notNull(),
    similarity: real('similarity').notNull(),
  },
  (t) => [
    index('landmark_stretches_set_idx').on(t.setId),
    index('landmark_stretches_other_idx').on(t.otherSetId),
  ],
);
