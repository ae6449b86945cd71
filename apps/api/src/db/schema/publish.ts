import { PROCESSING_STEPS, PUBLISH_STATES } from '@cratedig/contract/publish-api';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { genres } from './genres';
import { sets } from './sets';
import { sqlList } from './sql-helpers';
import { users } from './users';

/**
 * A DJ's recording on its way to a public set (docs/publishing.md): made when its tus upload is
 * created, described while the bytes come, processed into the rendition the player streams, and
 * published as a catalogue set (`set_id`). Only its owner sees it; only `published` sets are public.
 */
export const uploads = pgTable(
  'uploads',
  {
    // the tus upload's id: 32 hex characters, the last part of its URL
    id: text('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('uploading'),
    // why it failed or was taken down, in words for the owner
    reason: text('reason'),
    fileName: text('file_name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    receivedBytes: bigint('received_bytes', { mode: 'number' }).notNull().default(0),
    step: text('step'),
    progress: real('progress'),
    format: text('format'),
    durationMs: integer('duration_ms'),
    // the details it is published with; any may be missing until then
    setName: text('set_name'),
    djs: text('djs').array().notNull().default(sql`'{}'::text[]`),
    recordedDate: date('recorded_date', { mode: 'string' }),
    genre: text('genre').references(() => genres.name, { onUpdate: 'cascade', onDelete: 'set null' }),
    festival: text('festival'),
    venue: text('venue'),
    tracklist: text('tracklist').notNull().default(''),
    // media keys (lib/media-store.ts): the artwork's two sizes, the rendition, the original if kept
    artSm: text('art_sm'),
    artXl: text('art_xl'),
    renditionKey: text('rendition_key'),
    originalKey: text('original_key'),
    // the public set while it is published
    setId: integer('set_id').references(() => sets.id, { onDelete: 'set null' }),
    // the request writing the upload's bytes, on whichever instance it reached, and until when its
    // hold lasts unless renewed (modules/publish/upload-lock.ts)
    writer: text('writer'),
    writingUntil: timestamp('writing_until', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('uploads_state_check', sql`${t.state} in (${sqlList(PUBLISH_STATES)})`),
    check('uploads_step_check', sql`${t.step} is null or ${t.step} in (${sqlList(PROCESSING_STEPS)})`),
    check('uploads_size_check', sql`${t.sizeBytes} >= 0 and ${t.receivedBytes} between 0 and ${t.sizeBytes}`),
    index('uploads_owner_idx').on(t.ownerId, t.createdAt),
    // the abandoned uploads the keeper removes
    index('uploads_uploading_idx').on(t.updatedAt).where(sql`${t.state} = 'uploading'`),
    uniqueIndex('uploads_set_key').on(t.setId),
  ],
);
