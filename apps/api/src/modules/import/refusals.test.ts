// Every refusal leaves the catalogue and the media folder exactly as they were, and names the file,
// the line or JSON path, and what is wrong. Pasted tracklists in several styles, and --dry-run.
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importCommand } from '../../cli/commands/import';
import type { Database } from '../../db/client';
import { buildTestApp, makeTempDir } from '../../test/app';
import { runCommand } from '../../test/commands';
import { getTestDatabase, resetDatabase } from '../../test/database';
import { catalogueFingerprint, listFolder, writeMp3, writeText } from '../../test/import-fixtures';

let app: FastifyInstance;
let database: Database;
let dir: string;

const TRACKLIST = `Title: Sunrise at Kappa
Artist: Charlotte de Witte
Date: 2024-07-13
Genre: Techno (Peak Time / Driving)

[00:00] Charlotte de Witte - Overdrive [KNTXT]
01. 02:10 Amelie Lens ft. Farrago – Hypnotized (Charlotte de Witte Remix) [Second State]
3:20 ID - ID
04:40 Enrico Sangiuliano - ID
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
  dir = makeTempDir('cratedig-refusal-');
  // A catalogue to keep intact: one set already imported (with its audio in the media folder).
  writeMp3(join(dir, 'base', 'base.mp3'), 360);
  writeText(join(dir, 'base', 'base.txt'), TRACKLIST);
  const base = await run(['base']);
  expect(base.err).toEqual([]);
});

const run = (args: string[]) => runCommand(importCommand, database, app.config, args, dir);

async function expectRefused(args: string[], message: RegExp | string) {
  const before = await catalogueFingerprint(database);
  const media = listFolder(app.config.mediaDir);
  const result = await run(args);
  expect(result.code).toBe(1);
  expect(result.err.join('\n')).toMatch(message);
  expect(result.err.at(-1)).toMatch(/nothing was written/);
  expect(await catalogueFingerprint(database)).toEqual(before);
  expect(listFolder(app.config.mediaDir)).toEqual(media);
}

describe('pasted tracklists', () => {
  it('reads the header, timestamps in several styles, labels, feat., remixes and IDs', async () => {
    const rows = (await database.db.execute(
      sql`select st.start_time, st.end_time, t.artist, t.title, t.mix_type, t.label_name, t.mix_name
        from set_tracks st join tracks t on t.id = st.track_id order by st.track_position`,
    )) as unknown as { rows: Record<string, unknown>[] };
    expect(rows.rows).toEqual([
      {
        start_time: 0,
        end_time: 130,
        artist: 'Charlotte de Witte',
        title: 'Overdrive',
        mix_type: 'original_mix',
        label_name: 'KNTXT',
        mix_name: null,
      },
      {
        start_time: 130,
        end_time: 200,
        artist: 'Amelie Lens ft. Farrago',
        title: 'Hypnotized',
        mix_type: 'remix',
        label_name: 'Second State',
        mix_name: 'Charlotte de Witte',
      },
      {
        start_time: 200,
        end_time: 280,
        artist: 'ID',
        title: 'ID',
        mix_type: 'ID',
        label_name: null,
        mix_name: null,
      },
      {
        start_time: 280,
        end_time: 360,
        artist: 'Enrico Sangiuliano',
        title: 'ID',
        mix_type: 'ID',
        label_name: null,
        mix_name: null,
      },
    ]);
  });
});

describe('refusals leave everything as it was', () => {
  it('an unknown genre', async () => {
    writeMp3(join(dir, 'x', 'x.mp3'), 100);
    writeText(join(dir, 'x', 'x.txt'), TRACKLIST.replace('Techno (Peak Time / Driving)', 'Tehcno'));
    await expectRefused(['x'], "x/x.txt: line 4: unknown genre 'Tehcno'");
  });

  it('every problem of a sheet at once: an unknown genre and unordered times', async () => {
    writeMp3(join(dir, 'x', 'x.mp3'), 250);
    writeText(
      join(dir, 'x', 'x.txt'),
      TRACKLIST.replace('Techno (Peak Time / Driving)', 'Tehcno').replace('3:20 ID - ID', '1:20 ID - ID'),
    );
    await expectRefused(['x'], "x/x.txt: line 4: unknown genre 'Tehcno'");
    await expectRefused(['x'], /x\/x\.txt: line 8: starts at 1:20, not after the previous track \(2:10\)/);
    writeMp3(join(dir, 'y', 'mix.mp3'), 250);
    writeText(
      join(dir, 'y', 'set.cue'),
      'REM GENRE Tehcno\nREM DATE 2024-06-01\nTITLE "S"\nPERFORMER X\nFILE "mix.mp3" MP3\n' +
        '  TRACK 01 AUDIO\n    TITLE "A - B"\n    INDEX 01 01:00:00\n' +
        '  TRACK 02 AUDIO\n    TITLE "C - D"\n    INDEX 01 00:30:00\n',
    );
    await expectRefused(['y'], "y/set.cue: line 1: unknown genre 'Tehcno'");
    await expectRefused(['y'], /y\/set\.cue: line 9: starts at 0:30, not after the previous track \(1:00\)/);
  });

  it('unordered and overlapping timestamps, a track after the audio ends', async () => {
    writeMp3(join(dir, 'x', 'x.mp3'), 250);
    writeText(join(dir, 'x', 'x.txt'), TRACKLIST.replace('3:20 ID - ID', '1:20 ID - ID'));
    await expectRefused(
      ['x'],
      /x\/x\.txt: line 8: starts at 1:20, not after the previous track \(2:10\): timestamps out of order/,
    );
    writeText(join(dir, 'x', 'x.txt'), TRACKLIST);
    await expectRefused(['x'], /x\/x\.txt: line 9: starts at 4:40, after the audio ends \(4:\d\d\)/);
    writeText(
      join(dir, 'y.json'),
      JSON.stringify({
        format: 'cratedig-catalogue',
        version: 1,
        sets: [
          {
            id: 1,
            set_name: 'S',
            artist: 'A',
            artists: [{ id: 1, name: 'A' }],
            release_date: '2024-01-01',
            genre: 'House',
            duration: 600_000,
            set_tracks: [
              {
                track_position: 1,
                track_meta_id: 1,
                start_time: 0,
                end_time: 200,
                track_meta: { id: 1, title: 'T', artist: 'A', artists: [], mix_type: 'original_mix' },
              },
              {
                track_position: 2,
                track_meta_id: 2,
                start_time: 150,
                end_time: 300,
                track_meta: { id: 2, title: 'U', artist: 'A', artists: [], mix_type: 'original_mix' },
              },
            ],
          },
        ],
      }),
    );
    await expectRefused(
      ['y.json'],
      /y\.json: \$\.sets\[0\]\.set_tracks\[1\]: starts at 2:30, before the previous track ends \(3:20\): overlapping timestamps/,
    );
  });

  it('a missing audio file, a non-MP3 file, and a missing artwork', async () => {
    writeText(join(dir, 'x', 'x.txt'), TRACKLIST);
    await expectRefused(['x'], /x\/x\.txt: the audio file x\/x\.mp3 does not exist/);
    writeText(join(dir, 'x', 'x.mp3'), 'RIFF....WAVEfmt this is not an mp3 at all');
    await expectRefused(['x'], /x\/x\.txt: x\/x\.mp3 is not an MP3/);
    writeMp3(join(dir, 'x', 'x.mp3'), 400);
    writeText(join(dir, 'x', 'x.txt'), `Artwork: cover.jpg\n${TRACKLIST}`);
    await expectRefused(['x'], /x\/x\.txt: line 1: the artwork file x\/cover\.jpg does not exist/);
  });

  it('malformed JSON and a field of the wrong type', async () => {
    writeText(join(dir, 'bad.json'), '{\n  "format": "cratedig-catalogue",\n  "version": 1,\n  "sets": [\n}');
    await expectRefused(['bad.json'], /bad\.json: line 5, column 1: malformed JSON/);
    writeText(
      join(dir, 'typed.json'),
      JSON.stringify({ format: 'cratedig-catalogue', version: 1, artists: [{ id: 1, name: 42 }] }),
    );
    await expectRefused(
      ['typed.json'],
      /typed\.json: \$\.artists\[0\]\.name: Invalid input: expected string, received number/,
    );
  });

  it('one bad file among good ones refuses them all', async () => {
    writeMp3(join(dir, 'good', 'good.mp3'), 400);
    writeText(join(dir, 'good', 'good.txt'), TRACKLIST.replace('Sunrise at Kappa', 'Another Set'));
    writeText(
      join(dir, 'good', 'worse.cue'),
      'REM GENRE Techno\nREM DATE 2024-13-45\nTITLE "Bad date"\nPERFORMER X\nFILE "good.mp3" MP3\n  TRACK 01 AUDIO\n    TITLE "A - B"\n    INDEX 01 00:00:00\n',
    );
    await expectRefused(['good'], /good\/worse\.cue: line 2: '2024-13-45' is not a date/);
  });

  it('--dry-run reports what would be created and writes nothing', async () => {
    writeMp3(join(dir, 'new', 'new.mp3'), 400);
    writeText(join(dir, 'new', 'new.txt'), TRACKLIST.replace('Sunrise at Kappa', 'Another Set'));
    const before = await catalogueFingerprint(database);
    const media = listFolder(app.config.mediaDir);
    const result = await run(['--dry-run', 'new']);
    expect(result.code).toBe(0);
    expect(result.out.join('\n')).toMatch(/dry run: nothing written/);
    // the two released tracks exist already; the two IDs are new in a new set
    expect(result.out.join('\n')).toMatch(/would create: 1 sets \(4 set tracks\), 2 tracks, 0 artists/);
    expect(await catalogueFingerprint(database)).toEqual(before);
    expect(listFolder(app.config.mediaDir)).toEqual(media);
  });
});
