// Import figures (docs/import.md): 1,000 generated sets into a catalogue on PostgreSQL (sets and set
// tracks per second), one CUE set with its MP3 into the same catalogue, the dry run of the 1,000, and
// the export of the demo catalogue (in-memory PGlite). Prints figures; never part of `npm test`.
//   BENCH_DATABASE_URL=postgres://…/<a clone of the large catalogue> npm run bench:import
// The database is written to: use a throwaway clone (`create database x template large_base`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GENRES } from '@cratedig/contract/constants';
import { exportCommand } from '../apps/api/src/cli/commands/export';
import { importCommand } from '../apps/api/src/cli/commands/import';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { seedDemo } from '../apps/api/src/db/seed/demo';
import { runCommand } from '../apps/api/src/test/commands';
import { writeMp3, writeText } from '../apps/api/src/test/import-fixtures';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL (a throwaway clone of the large catalogue) is required');
const dir = mkdtempSync(join(tmpdir(), 'cratedig-bench-import-'));
// the files it writes are its own: gone when it ends, however it ends
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const config = { ...loadConfig({ DATA_DIR: dir, CRATEDIG_ENV: 'test', SEED_DEMO: 'false' }) };
const tag = Date.now().toString(36);

// 1,000 sets of 12 tracks: a third of the tracks reuse names across sets, artists from a pool of 600.
const SETS = Number(process.env.BENCH_IMPORT_SETS ?? 1000);
const artist = (n: number) => `Bench ${tag} Artist ${n % 600}`;
const sets = Array.from({ length: SETS }, (_, s) => ({
  id: s + 1,
  set_name: `Bench ${tag} Set ${s}`,
  artist: artist(s),
  artists: [{ id: 1, name: artist(s) }],
  release_date: `2024-${String((s % 12) + 1).padStart(2, '0')}-${String((s % 28) + 1).padStart(2, '0')}`,
  genre: GENRES[s % GENRES.length],
  duration: 3_600_000,
  mp3_permalink: `/media/audio/sets/bench-${s}.mp3`,
  set_tracks: Array.from({ length: 12 }, (_, t) => {
    const trackId = s % 3 === 0 ? 100_000 + t + (s % 50) * 12 : s * 12 + t + 1;
    return {
      track_position: t + 1,
      track_meta_id: trackId,
      start_time: t * 300,
      end_time: (t + 1) * 300,
      track_meta: {
        id: trackId,
        title: `Bench ${tag} Track ${trackId}`,
        artist: artist(trackId),
        artists: [{ role: 'producer', artist_meta: { id: 1, name: artist(trackId) } }],
        mix_type: 'original_mix',
        genre: GENRES[trackId % GENRES.length],
        release_date: '2023-05-05',
      },
    };
  }),
}));
writeText(join(dir, 'many.json'), JSON.stringify({ format: 'cratedig-catalogue', version: 1, sets }));
writeMp3(join(dir, 'one', 'one.mp3'), 3600);
writeText(
  join(dir, 'one', 'one.cue'),
  [
    'REM GENRE Techno',
    'REM DATE 2025-01-01',
    `PERFORMER "Bench ${tag} One & Bench ${tag} Two"`,
    `TITLE "Bench ${tag} single set"`,
    'FILE "one.mp3" MP3',
    ...Array.from({ length: 15 }, (_, i) => [
      `  TRACK ${String(i + 1).padStart(2, '0')} AUDIO`,
      `    TITLE "Track ${i} (Someone ${tag} Remix)"`,
      `    PERFORMER "Bench ${tag} Artist ${i} feat. Guest"`,
      `    INDEX 01 ${String(i * 4).padStart(2, '0')}:00:00`,
    ]).flat(),
  ].join('\n'),
);

const database = await openDatabase({ databaseUrl: url, poolMax: 2 });
await migrate(database);
const timed = async (label: string, args: string[]) => {
  const t0 = performance.now();
  const result = await runCommand(importCommand, database, config, args, dir);
  const s = (performance.now() - t0) / 1000;
  if (result.code !== 0) throw new Error(`${label}: ${result.err.join('\n')}`);
  console.log(`${label}: ${s.toFixed(2)} s — ${result.out.slice(0, 2).join(' / ')}`);
  return s;
};
const dry = await timed(`dry run of ${SETS} sets`, ['--dry-run', 'many.json']);
const many = await timed(`import of ${SETS} sets`, ['many.json']);
console.log(`  ${(SETS / many).toFixed(0)} sets/s, ${((SETS * 12) / many).toFixed(0)} set tracks/s`);
const one = await timed('import of one CUE set (15 tracks, 60 min MP3)', ['one/one.cue']);
await database.close();

const demo = await openDatabase({});
await migrate(demo);
await seedDemo(demo, { mediaDir: dir, media: false });
const t0 = performance.now();
const exported = await runCommand(exportCommand, demo, config, ['demo.json'], dir);
const exportS = (performance.now() - t0) / 1000;
console.log(`export of the demo catalogue (PGlite): ${exportS.toFixed(2)} s — ${exported.out.join(' ')}`);
await demo.close();
const result = {
  sets: SETS,
  dryRunS: dry,
  importS: many,
  setsPerS: SETS / many,
  setTracksPerS: (SETS * 12) / many,
  oneSetS: one,
  demoExportS: exportS,
};
console.log(JSON.stringify(result));
