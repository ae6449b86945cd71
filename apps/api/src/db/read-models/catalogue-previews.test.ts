// A share page's facts and list are built as JSON in SQL, one statement per kind: each kind's row must
// carry only the keys PreviewRow names, with values of its types, and its list lines only those of
// PreviewLine. The schemas below are held to those interfaces by the type checker.
import { PREVIEW_KINDS } from '@cratedig/contract/catalogue-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectContract } from '../../test/contract-json';
import { getTestDatabase, resetDatabase } from '../../test/database';
import { createLabel, createSet, createTrack, refreshCatalogue } from '../../test/factories';
import type { Database } from '../client';
import { findPreview, type PreviewLine, type PreviewRow } from './catalogue-previews';

const previewLine = z.object({
  start: z.number().nullable().optional(),
  position: z.number().int().optional(),
  primary: z.string(),
  secondary: z.string().nullable(),
  is_id: z.boolean().optional(),
  href_kind: z.enum(['sets', 'tracks']).optional(),
  href_id: z.number().int().optional(),
}) satisfies z.ZodType<PreviewLine>;

const count = z.number().int().min(0).optional();
const text = z.string().nullable().optional();
const previewRow = z.object({
  name: z.string(),
  byline: z.string().nullable(),
  image: z.string().nullable(),
  bio: text,
  genre: text,
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .optional(),
  duration_ms: count,
  curator: text,
  festival: text,
  venue: text,
  place: text,
  label: text,
  bpm: z.number().nullable().optional(),
  key: text,
  mix_type: z.string().optional(),
  found_in: text,
  first_heard: text,
  set_count: count,
  track_count: count,
  track_confirmed_count: count,
  artist_count: count,
  lines: z.array(previewLine),
}) satisfies z.ZodType<PreviewRow>;

let database: Database;
const ids: Record<(typeof PREVIEW_KINDS)[number], number> = { sets: 0, tracks: 0, artists: 0, labels: 0 };

beforeAll(async () => {
  database = await getTestDatabase();
  await resetDatabase(database);
  const app = { db: database.db };
  const label = await createLabel(app);
  const track = await createTrack(app, { title: 'Parallax', label, bpm: 124 });
  const set = await createSet(app, {
    festival: 'Northlight',
    venue: 'The Vault',
    tracks: [[0, 300]],
    trackIds: [track],
  });
  const id = await createTrack(app, { mixType: 'ID', foundInSetId: set.id });
  await database.exec(`insert into set_tracks (set_id, track_position, track_id, start_time, end_time)
    values (${set.id}, 2, ${id}, 300, 600)`);
  await refreshCatalogue(app);
  Object.assign(ids, { sets: set.id, tracks: track, artists: set.artistId, labels: label });
});

afterAll(async () => {
  await resetDatabase(database);
});

describe('the share previews built in SQL', () => {
  for (const kind of PREVIEW_KINDS) {
    it(`of ${kind} carry PreviewRow's keys and a list of PreviewLines`, async () => {
      const row = await findPreview(database.db, kind, ids[kind]);
      expectContract(row, previewRow);
      expect(row?.lines.length).toBeGreaterThan(0);
    });
  }

  it('mark an ID in a set’s track list and link every line to its item', async () => {
    const row = await findPreview(database.db, 'sets', ids.sets);
    expect(row?.lines.map((line) => [line.start, line.is_id, line.href_kind])).toEqual([
      [0, false, 'tracks'],
      [300, true, 'tracks'],
    ]);
  });
});
