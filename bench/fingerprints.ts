// Fingerprint figures: the job's speed (× real time) and storage per hour, heard-in's recall and
// precision over the demo catalogue against what its audio really plays (the demo's own build says
// which track sounds where, unlisted stretches and ID copies included), match query times, the same
// at 2 % and 3 % tempo (every set re-read as if played that much faster), and query time on a
// SYNTHETIC in-memory index of 100,000 hours of random fingerprint values with planted matches.
// Not part of `npm test`.
//
//   DATA_DIR=<a folder seeded with media: npm run seed> node --import tsx bench/fingerprints.ts [--tempo] [--synthetic]
//     --tempo needs ffmpeg (to decode the MP3s to PCM that fpcalc then reads at another rate)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { queryRows } from '../apps/api/src/db/rows';
import { buildDemoCatalogue, tileTimes } from '../apps/api/src/db/seed/demo-catalogue';
import { FolderMediaStore, mediaKey } from '../apps/api/src/lib/media-store';
import { fingerprintFile, ITEM_S } from '../apps/api/src/modules/fingerprints/fpcalc';
import { runFingerprints } from '../apps/api/src/modules/fingerprints/job';
import {
  findMatches,
  type Match,
  type MatcherSource,
  postingsOf,
} from '../apps/api/src/modules/fingerprints/matcher';
import { anchorOf, copiesOf } from '../apps/api/src/modules/fingerprints/service';
import { fingerprintStatus, loadFingerprint } from '../apps/api/src/modules/fingerprints/store';
import { synthetic } from './lib/fingerprint-synthetic';

const args = process.argv.slice(2);
const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.pgliteDir });
const db = database.db;
const load = () => loadavg()[0]?.toFixed(1);
const pct = (a: number, b: number) => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)} %`);
const ms = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)]?.toFixed(1)} ms, p95 ${s[Math.floor(s.length * 0.95)]?.toFixed(1)} ms`;
};

// 1. the job
const run = await runFingerprints(db, { media: new FolderMediaStore(config.mediaDir) });
if (run.done > 0)
  console.log(
    `job: ${run.done} sets, ${(run.audioSeconds / 3600).toFixed(2)} h of audio in ${(run.elapsedMs / 1000).toFixed(1)} s wall: ${Math.round(run.audioSeconds / (run.elapsedMs / 1000))}× real time (load ${load()})`,
  );
const status = await fingerprintStatus(db);
const hours = (status.items * ITEM_S) / 3600;
const [postingsSize] = await queryRows<{ bytes: number }>(
  db,
  sql`select pg_total_relation_size('fingerprint_postings')::float8 as bytes`,
);
console.log(
  `storage: ${status.done} sets, ${hours.toFixed(2)} h: fingerprints ${(status.bytes / hours / 1024).toFixed(0)} KB/h, index ${((postingsSize?.bytes ?? 0) / hours / 1024).toFixed(0)} KB/h (${Math.round(status.postings / hours)} entries/h)`,
);

// 2. ground truth: which track's audio plays where in each demo set
const catalogue = buildDemoCatalogue();
const durations = new Map(
  (await queryRows<{ id: number; duration_ms: number }>(db, sql`select id, duration_ms from sets`)).map(
    (r) => [r.id, r.duration_ms],
  ),
);
const audioOfTrack = new Map<number, number>();
const plays = new Map<number, { setId: number; start: number; end: number }[]>(); // audio id -> stretches
for (const set of catalogue.sets) {
  const tiles = tileTimes(
    set.slots.map((s) => s.weight),
    durations.get(set.row.id) ?? set.row.durationMs,
  );
  set.slots.forEach((slot, i) => {
    const audio = slot.audioTrackId ?? slot.trackId;
    audioOfTrack.set(slot.trackId, audio);
    const list = plays.get(audio) ?? [];
    list.push({ setId: set.row.id, start: tiles[i]?.start ?? 0, end: tiles[i]?.end ?? 0 });
    plays.set(audio, list);
  });
}
const truthAt = (audio: number, setId: number, mid: number) =>
  (plays.get(audio) ?? []).some((p) => p.setId === setId && p.start - 2 <= mid && mid <= p.end + 2);

interface Score {
  expected: number;
  found: number;
  results: number;
  correct: number;
  times: number[];
}
async function score(
  search: (
    trackId: number,
    anchor: { setId: number; startTime: number; endTime: number },
  ) => Promise<{ setId: number; mid: number }[]>,
): Promise<Score> {
  const s: Score = { expected: 0, found: 0, results: 0, correct: 0, times: [] };
  for (const [trackId, audio] of audioOfTrack) {
    const sets = new Set((plays.get(audio) ?? []).map((p) => p.setId));
    if (sets.size < 2) continue;
    const anchor = await anchorOf(db, trackId);
    if (!anchor) continue;
    const expected = new Set([...sets].filter((id) => id !== anchor.setId));
    const t0 = performance.now();
    const found = await search(trackId, anchor);
    s.times.push(performance.now() - t0);
    s.expected += expected.size;
    s.results += found.length;
    const right = found.filter((f) => truthAt(audio, f.setId, f.mid));
    s.correct += right.length;
    s.found += new Set(right.map((f) => f.setId).filter((id) => expected.has(id))).size;
  }
  return s;
}
const line = (label: string, s: Score) =>
  console.log(
    `${label}: recall ${pct(s.found, s.expected)} (${s.found}/${s.expected}), precision ${pct(s.correct, s.results)} (${s.correct}/${s.results}); query ${ms(s.times)} (load ${load()})`,
  );

const demo = await score(async (trackId) =>
  (await copiesOf(db, trackId)).map((h) => ({ setId: h.set_meta.id, mid: (h.start_time + h.end_time) / 2 })),
);
line('demo heard-in (tracks heard in more than one set)', demo);

// 3. tempo: every set re-read as if played 2 % and 3 % faster; queries at the original speed, then
// with the query's values stretched in time, then with the query's audio re-read at the same speeds.
if (args.includes('--tempo')) {
  const dir = mkdtempSync(join(tmpdir(), 'cratedig-fp-bench-'));
  const sets = await queryRows<{ id: number; audio_path: string }>(
    db,
    sql`select s.id, s.audio_path from sets s join set_fingerprints f on f.set_id = s.id where f.status = 'done'`,
  );
  const pcm = new Map<number, string>();
  for (const s of sets) {
    const key = mediaKey(s.audio_path);
    const file = key ? new FolderMediaStore(config.mediaDir).pathOf(key) : undefined;
    if (!file) continue;
    const out = join(dir, `${s.id}.pcm`);
    execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 's16le', '-ac', '1', '-ar', '24000', out]);
    pcm.set(s.id, out);
  }
  const at = async (rate: number) => {
    const m = new Map<number, Uint32Array>();
    for (const [id, file] of pcm) m.set(id, (await fingerprintFile(file, { rawRate: 24000 * rate })).values);
    return m;
  };
  const grid = [0.97, 0.98, 1.02, 1.03];
  const queries = new Map<number, Map<number, Uint32Array>>();
  for (const r of grid) queries.set(r, await at(r));
  for (const tempo of [1.02, 1.03]) {
    const refs = queries.get(tempo) ?? (await at(tempo));
    const postings = [...refs].flatMap(([id, v]) => postingsOf(id, v));
    const byKey = new Map<number, typeof postings>();
    for (const p of postings) byKey.set(p.key, [...(byKey.get(p.key) ?? []), p]);
    const source: MatcherSource = {
      lookup: async (keys) => keys.flatMap((k) => byKey.get(k) ?? []),
      load: async (id) => refs.get(id),
    };
    const mids = (ms: Match[], anchorSet: number) =>
      ms.filter((m) => m.setId !== anchorSet).map((m) => ({ setId: m.setId, mid: (m.startS + m.endS) / 2 }));
    const sliceOf = (v: Uint32Array, a: { startTime: number; endTime: number }, r: number) =>
      v.subarray(Math.round((a.startTime + 3) / r / ITEM_S), Math.round((a.endTime - 3) / r / ITEM_S));
    const plain = await score(async (_t, a) => {
      const v = await loadFingerprint(db, a.setId);
      return v ? mids(await findMatches(sliceOf(v, a, 1), source), a.setId) : [];
    });
    line(`tempo +${Math.round((tempo - 1) * 100)} %, query as is`, plain);
    const stretched = await score(async (_t, a) => {
      const v = await loadFingerprint(db, a.setId);
      return v
        ? mids(await findMatches(sliceOf(v, a, 1), source, { tempos: grid.map((r) => 1 / r) }), a.setId)
        : [];
    });
    line(`tempo +${Math.round((tempo - 1) * 100)} %, query values stretched in time`, stretched);
    const reread = await score(async (_t, a) => {
      const best = new Map<number, Match>();
      for (const r of grid) {
        const v = queries.get(r)?.get(a.setId);
        if (!v) continue;
        for (const m of await findMatches(sliceOf(v, a, r), source)) {
          const b = best.get(m.setId);
          if (!b || m.ber < b.ber) best.set(m.setId, m);
        }
      }
      return mids([...best.values()], a.setId);
    });
    line(`tempo +${Math.round((tempo - 1) * 100)} %, query audio re-read at ±2/3 %`, reread);
  }
  rmSync(dir, { recursive: true, force: true });
}

if (args.includes('--synthetic')) await synthetic(100_000);
await database.close();
