// Recall and precision of the recognition in DJ mixes, for every way a DJ plays a track: the demo's
// own synthesis makes two recordings of 7 tracks each (the catalogue), and for each condition of
// CONDITIONS (pitch fader, key lock, EQ, filter sweeps, crossfades, a live room's noise) ffmpeg builds
// a mix of 7 of those tracks, 60 s each, every tracklist entry `ID - ID`. Then every track's heard-in
// must find the mix within ±5 s of where it starts (recall), nothing may be claimed at a wrong place
// or in audio the catalogue doesn't hold (precision), and the mix's scan must name its IDs. Also the
// job's speed and heard-in's and the scan's times. The CI runs four of the conditions
// (dj-mixes.test.ts). Not part of `npm test`.
//
//   npm run bench:dj-mixes [-- --only "key lock -6 %,pitch +4 %"]
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { FolderMediaStore } from '../apps/api/src/lib/media-store';
import { buildMix, CONDITIONS, writeUnheardAudio } from '../apps/api/src/modules/fingerprints/dj-mix';
import type { MixedTrack, MixSource } from '../apps/api/src/modules/fingerprints/dj-mix-plan';
import { runFingerprints } from '../apps/api/src/modules/fingerprints/job';
import { copiesOf, setSuggestions } from '../apps/api/src/modules/fingerprints/service';
import { type MixSegment, writeWav } from '../apps/api/src/modules/fingerprints/test-mix';
import { createSet, createTrack } from '../apps/api/src/test/factories';

const TRACK_S = 90;
const PLAYED_S = 60;
const GENRES: [string, number][] = [
  ['Techno', 132],
  ['House', 124],
  ['Trance', 138],
  ['Deep House', 120],
  ['Progressive House', 123],
  ['Melodic House & Techno', 122],
  ['Tech House', 127],
  ['Afro House', 119],
  ['Minimal / Deep Tech', 125],
  ['Drum & Bass', 172],
  ['Indie Dance', 116],
  ['Nu Disco / Disco', 118],
  ['Techno (Peak Time / Driving)', 134],
  ['Organic House / Downtempo', 112],
];

const only = (() => {
  const i = process.argv.indexOf('--only');
  return i > 0 ? (process.argv[i + 1] ?? '').split(',').map((s) => s.trim()) : undefined;
})();

const pct = (a: number, b: number) => (b === 0 ? '–' : `${Math.round((100 * a) / b)} %`);
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cratedig-bench-mixes-'));
  const mediaDir = join(dataDir, 'media');
  mkdirSync(join(mediaDir, 'audio/sets'), { recursive: true });
  const config = loadConfig({
    CRATEDIG_ENV: 'development',
    DATA_DIR: dataDir,
    MEDIA_DIR: mediaDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PORT: '0',
  });
  const database = await openDatabase({ dataDir: config.pgliteDir });
  const app = { db: database.db };
  const ctx = { db: database.db, config };
  try {
    await migrate(database);
    console.log(
      `load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    const tracks: number[] = [];
    for (let i = 0; i < GENRES.length; i++) tracks.push(await createTrack(app));
    const files: string[] = [];
    for (const [r, from] of [0, 7].entries()) {
      const segments: MixSegment[] = GENRES.slice(from, from + 7).map(([genre, bpm], i) => ({
        seed: `bench-mix:${from + i}`,
        genre,
        bpm,
        seconds: TRACK_S,
      }));
      const audioPath = `/media/audio/sets/recording-${r}.wav`;
      const file = join(mediaDir, audioPath.slice('/media/'.length));
      await writeWav(file, segments);
      files.push(file);
      await createSet(app, {
        name: `Recording ${r}`,
        tracks: segments.map((_, i): [number, number] => [i * TRACK_S, (i + 1) * TRACK_S]),
        trackIds: tracks.slice(from, from + 7),
        audioPath,
        durationMs: segments.length * TRACK_S * 1000,
      });
    }
    // 7 of the 14 tracks, from both recordings, each its middle 60 s
    const order = [1, 9, 3, 12, 5, 7, 10];
    const sources: MixSource[] = order.map((i) => ({
      file: files[i < 7 ? 0 : 1] as string,
      fromS: (i % 7) * TRACK_S + 15,
      seconds: PLAYED_S,
    }));
    const mixes: { name: string; setId: number; truth: MixedTrack[]; buildMs: number }[] = [];
    for (const [n, condition] of CONDITIONS.entries()) {
      if (only && !only.includes(condition.name)) continue;
      const audioPath = `/media/audio/sets/mix-${n}.wav`;
      const started = Date.now();
      const truth = await buildMix(join(mediaDir, audioPath.slice('/media/'.length)), sources, condition);
      const ids: number[] = [];
      for (const _ of truth) ids.push(await createTrack(app, { mixType: 'ID' }));
      const set = await createSet(app, {
        name: `Mix ${condition.name}`,
        tracks: truth.map((t) => [Math.round(t.startS), Math.round(t.endS)]),
        trackIds: ids,
        audioPath,
        durationMs: Math.round((truth.at(-1)?.endS ?? 0) * 1000),
      });
      mixes.push({ name: condition.name, setId: set.id, truth, buildMs: Date.now() - started });
    }
    const unheardPath = '/media/audio/sets/unheard.wav';
    await writeUnheardAudio(join(mediaDir, unheardPath.slice('/media/'.length)), 600, 'bench');
    const unheard = await createSet(app, {
      name: 'Unheard',
      tracks: [[0, 600]],
      trackIds: [await createTrack(app, { mixType: 'ID' })],
      audioPath: unheardPath,
      durationMs: 600_000,
    });
    const run = await runFingerprints(database.db, { media: new FolderMediaStore(mediaDir) });
    console.log(
      `fingerprints: ${run.done} sets, ${(run.audioSeconds / 60).toFixed(0)} min of audio in ${(run.cpuMs / 1000).toFixed(1)} s of CPU in this process (${Math.round(run.audioSeconds / (run.cpuMs / 1000))}× real time; ffmpeg's decoding not counted), ${(run.elapsedMs / 1000).toFixed(1)} s wall`,
    );
    const heardMs: number[] = [];
    const copies = new Map<number, Awaited<ReturnType<typeof copiesOf>>>();
    for (const i of order) {
      const trackId = tracks[i] as number;
      const t0 = performance.now();
      copies.set(trackId, await copiesOf(database.db, trackId));
      heardMs.push(performance.now() - t0);
    }
    console.log(
      '\n| how the DJ played the tracks | found (±5 s) | wrong place | start error (median) | speed read | scan named |',
    );
    console.log('|---|---|---|---|---|---|');
    let allFound = 0;
    let allWrong = 0;
    let all = 0;
    const scanMs: number[] = [];
    for (const mix of mixes) {
      let found = 0;
      let wrong = 0;
      const errors: number[] = [];
      const speeds: string[] = [];
      for (const [k, i] of order.entries()) {
        const truth = mix.truth[k] as MixedTrack;
        const heard = (copies.get(tracks[i] as number) ?? []).filter((h) => h.set_meta.id === mix.setId);
        wrong += heard.filter((h) => !(h.end_time > truth.startS && h.start_time < truth.endS)).length;
        const hit = heard.find((h) => Math.abs(h.start_time - truth.startS) <= 5);
        if (hit) {
          found += 1;
          errors.push(Math.abs(hit.start_time - truth.startS));
          speeds.push(`${hit.speed}${hit.key_locked ? ' KL' : ''}`);
        }
      }
      const t0 = performance.now();
      const scanned = await setSuggestions(ctx, mix.setId);
      scanMs.push(performance.now() - t0);
      const named = scanned.data.filter(
        (s) =>
          s.set_track_position !== null && s.track_meta.id === tracks[order[s.set_track_position - 1] ?? -1],
      ).length;
      allFound += found;
      allWrong += wrong + (scanned.data.length - named);
      all += order.length;
      console.log(
        `| ${mix.name} | ${found} of 7 | ${wrong} | ${errors.length ? quantile(errors, 0.5).toFixed(1) : '–'} s | ${[...new Set(speeds)].join(', ')} | ${named} of 7${scanned.data.length > named ? ` (+${scanned.data.length - named} wrong)` : ''} |`,
      );
    }
    const negative = await setSuggestions(ctx, unheard.id);
    const claimedUnheard = [...copies.values()].flat().filter((h) => h.set_meta.id === unheard.id).length;
    console.log(
      `\nrecall ${pct(allFound, all)} (${allFound}/${all}); wrong claims ${allWrong}; audio the catalogue doesn't hold (10 min): ${negative.data.length + claimedUnheard} claims`,
    );
    console.log(
      `heard-in: p50 ${quantile(heardMs, 0.5).toFixed(0)} ms, max ${Math.max(...heardMs).toFixed(0)} ms over ${heardMs.length} tracks; scan of a ${((mixes[0]?.truth.at(-1)?.endS ?? 0) / 60).toFixed(1)}-min mix: p50 ${quantile(scanMs, 0.5).toFixed(0)} ms; ${mixes.length + 3} sets indexed (embedded PGlite); load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
