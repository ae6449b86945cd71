// CUE sheets with their MP3 through `cratedig import`, in-process on the test database: what a
// listener then sees through the API, the variants real tools write, and idempotence.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importCommand } from '../../cli/commands/import';
import type { Database } from '../../db/client';
import { FRAME_BYTES, FRAME_MS } from '../../db/seed/media/mp3-frames';
import { buildTestApp, makeTempDir } from '../../test/app';
import { createUserWithToken, type SignedInUser } from '../../test/auth';
import { runCommand } from '../../test/commands';
import { getTestDatabase, resetDatabase } from '../../test/database';
import { catalogueFingerprint, listFolder, writeMp3, writeText } from '../../test/import-fixtures';

let app: FastifyInstance;
let database: Database;
let user: SignedInUser;
let dir: string;

const CUE = `REM GENRE "Techno"
REM DATE 2024-06-01
PERFORMER "Bicep & Hammer"
TITLE "Live at Dekmantel"
FILE "mix.mp3" MP3
  TRACK 01 AUDIO
    TITLE "Glue"
    PERFORMER "Bicep"
    INDEX 01 00:00:00
  TRACK 02 AUDIO
    TITLE "Atlas (Ben Böhmer Remix)"
    PERFORMER "Bicep feat. Clara La San"
    INDEX 01 01:30:37
  TRACK 03 AUDIO
    TITLE "ID"
    PERFORMER "Hammer"
    INDEX 01 03:00:00
`;

beforeAll(async () => {
  database = await getTestDatabase();
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  await resetDatabase();
  user = await createUserWithToken(app);
  dir = makeTempDir('cratedig-import-');
});

const run = (args: string[]) => runCommand(importCommand, database, app.config, args, dir);

async function setDetail(id: number) {
  const response = await app.inject({ method: 'GET', url: `/api/sets/${id}`, headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('import of a CUE sheet with its MP3', () => {
  it('creates the set, its artists and tracks, times from INDEX and the audio, and copies the audio', async () => {
    writeMp3(join(dir, 'mix.mp3'), 300);
    writeText(join(dir, 'set.cue'), CUE);
    const result = await run(['set.cue']);
    expect(result.err).toEqual([]);
    expect(result.code).toBe(0);
    expect(result.out.join('\n')).toMatch(/created: 1 sets \(3 set tracks\), 3 tracks/);

    const list = await app.inject({ method: 'GET', url: '/api/sets', headers: user.headers });
    const [summary] = list.json().data;
    expect(summary).toMatchObject({
      set_name: 'Live at Dekmantel',
      artist: 'Bicep & Hammer',
      genre: 'Techno',
      release_date: '2024-06-01',
      track_count: 3,
      track_confirmed_count: 2,
    });
    expect(summary.artists.map((a: { name: string }) => a.name)).toEqual(['Bicep', 'Hammer']);
    expect(summary.duration).toBeGreaterThan(299_000);
    expect(summary.duration).toBeLessThan(301_000);
    expect(summary.mp3_permalink).toMatch(/^\/media\/audio\/sets\/import-[0-9a-f]{32}\.mp3\?u=/);

    const set = await setDetail(summary.id);
    const rows = set.set_tracks.map(
      (st: { start_time: number; end_time: number; track_meta: Record<string, unknown> }) => [
        st.start_time,
        st.end_time,
        st.track_meta.artist,
        st.track_meta.title,
        st.track_meta.mix_type,
      ],
    );
    expect(rows).toEqual([
      [0, 90, 'Bicep', 'Glue', 'original_mix'],
      [90, 180, 'Bicep feat. Clara La San', 'Atlas', 'remix'],
      [180, 300, 'Hammer', 'ID', 'ID'],
    ]);
    const remix = set.set_tracks[1].track_meta;
    expect(remix.mix_meta).toEqual({ name: 'Ben Böhmer' });
    expect(
      remix.artists.map(
        (a: { role: string; artist_meta: { name: string } }) => `${a.role}:${a.artist_meta.name}`,
      ),
    ).toEqual(['producer:Bicep', 'feat:Clara La San', 'mixer:Ben Böhmer']);
    const id = set.set_tracks[2].track_meta;
    expect(id.set_meta).toMatchObject({ id: summary.id, set_name: 'Live at Dekmantel' });
    expect(
      listFolder(app.config.mediaDir).filter((f) =>
        f.endsWith(`.mp3 ${Math.round(300_000 / FRAME_MS) * FRAME_BYTES}`),
      ),
    ).toHaveLength(1);

    // Searchable at once: the set by its name, the remix by its remixer.
    const found = (
      await app.inject({ method: 'GET', url: '/api/search?s=dekmantel', headers: user.headers })
    ).json();
    expect(found.sets.data.map((x: { id: number }) => x.id)).toEqual([summary.id]);
    const remixes = (
      await app.inject({ method: 'GET', url: '/api/search?s=bohmer%20remix', headers: user.headers })
    ).json();
    expect(remixes.tracks.data.map((x: { title: string }) => x.title)).toContain('Atlas');

    const bicep = (
      await app.inject({
        method: 'GET',
        url: '/api/artists?order_by=artist_meta.name&order_direction=asc',
        headers: user.headers,
      })
    ).json();
    expect(bicep.data.find((a: { name: string }) => a.name === 'Bicep')).toMatchObject({
      set_count: 1,
      track_count: 2,
    });
  });

  it('reads sheets as tools write them: BOM, CRLF, no quotes, lower case, Windows-1252, long minutes', async () => {
    writeMp3(join(dir, 'a', 'Mix One.mp3'), 7400);
    const sheet = [
      'REM DISCID 00000000',
      'REM COMMENT "ExactAudioCopy v1.6"',
      'rem genre techno',
      'REM DATE 2023',
      'PERFORMER Âme',
      'TITLE Café Séance',
      'FILE "Mix One.mp3" WAVE',
      '  TRACK 01 AUDIO',
      '    TITLE Rej',
      '    PERFORMER Âme',
      '    INDEX 00 00:00:00',
      '    INDEX 01 00:00:00',
      '  TRACK 02 AUDIO',
      '    TITLE "Dream Machine"',
      '    PERFORMER "Ricardo Villalobos"',
      '    INDEX 01 120:00:00',
    ].join('\r\n');
    writeText(join(dir, 'a', 'sheet.cue'), iconv.encode(sheet, 'windows-1252'));
    writeText(join(dir, 'b', 'bom.cue'), `\uFEFF${CUE.replace('mix.mp3', 'm.mp3')}`);
    writeMp3(join(dir, 'b', 'm.mp3'), 300);
    const result = await run(['a', 'b']);
    expect(result.err).toEqual([]);
    const sets = (
      await app.inject({
        method: 'GET',
        url: '/api/sets?order_by=set_meta.set_name&order_direction=asc',
        headers: user.headers,
      })
    ).json().data;
    expect(sets.map((s: { set_name: string }) => s.set_name)).toEqual(['Café Séance', 'Live at Dekmantel']);
    expect(sets[0]).toMatchObject({ artist: 'Âme', release_date: '2023-01-01', genre: 'Techno' });
    const detail = await setDetail(sets[0].id);
    expect(detail.set_tracks.map((st: { start_time: number }) => st.start_time)).toEqual([0, 7200]);
  });

  it('reuses existing artists by name whatever the case, accents and joins, and changes nothing on a second run', async () => {
    writeMp3(join(dir, 'mix.mp3'), 300);
    writeText(join(dir, 'set.cue'), CUE);
    expect((await run(['set.cue'])).code).toBe(0);
    const before = await catalogueFingerprint(database);
    const media = listFolder(app.config.mediaDir);
    const again = await run(['set.cue']);
    expect(again.code).toBe(0);
    expect(again.out.join('\n')).toMatch(/created: 0 sets \(0 set tracks\), 0 tracks, 0 artists/);
    expect(await catalogueFingerprint(database)).toEqual(before);
    expect(listFolder(app.config.mediaDir)).toEqual(media);

    // Another set naming the same people differently reuses them and their track.
    writeText(
      join(dir, 'other.cue'),
      CUE.replace('Live at Dekmantel', 'Boiler Room')
        .replace('PERFORMER "Bicep & Hammer"', 'PERFORMER "BICEP and hammer"')
        .replace('PERFORMER "Bicep"', 'PERFORMER "bicep"'),
    );
    const other = await run(['other.cue']);
    expect(other.out.join('\n')).toMatch(/created: 1 sets \(3 set tracks\), 1 tracks, 0 artists/);
  });
});
