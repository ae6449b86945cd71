/// <reference path="../apps/api/src/test/s3rver.d.ts" />
// Media from a folder against media from a bucket: first byte and whole answer of artwork, and a seek
// into set audio (a 64 KiB range at a random place), as a browser gets them, over loopback HTTP.
// Every request asks for an object not asked for before in that pass (distinct artwork files, random
// seek places), so no cache flatters a figure. Not part of `npm test`.
//
//   node --import tsx bench/media-store.ts      (BENCH_ART=400 BENCH_AUDIO=12 BENCH_SEEKS=400)
//
// Four ways, in one run, on the same files:
// - folder: the API serves MEDIA_DIR (@fastify/send) — today's default;
// - store: the bucket asked directly with a signed URL, no API — the store's own speed, the baseline
//   of both bucket ways;
// - redirect: the API answers 302 to the store's signed URL, the client follows it (two requests);
// - proxy: the API reads the object from the store and passes it on.
// The store is s3rver (npm), a JavaScript server on this machine: its own time is far from a real
// store's (AWS S3 answers a first byte in tens of ms across a network), so read the API's share —
// redirect minus store, proxy minus store — rather than the absolute bucket figures.
// The API runs in this process, the store in a child process; both share this machine's cores with
// the client. Prints p50/p95 per way and the load average.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { type AppConfig, loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { signAudioUrl } from '../apps/api/src/lib/audio-links';
import { copyFolderToStore } from '../apps/api/src/lib/media-copy';
import { S3MediaStore } from '../apps/api/src/lib/media-store-s3';
import { createTestBucket } from '../apps/api/src/test/s3-server';

const ART = Number(process.env.BENCH_ART ?? 400);
const AUDIO = Number(process.env.BENCH_AUDIO ?? 12);
const SEEKS = Number(process.env.BENCH_SEEKS ?? 400);
const AUDIO_BYTES = 8 * 1024 * 1024;
const RANGE = 64 * 1024;
const SECRET = 'bench-audio-link-secret-0123456789abcdef';

if (process.argv[2] === '--store') {
  // the child: s3rver on a loopback port, its objects in the folder given
  const { default: S3rver } = await import('s3rver');
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: process.argv[3] as string,
  });
  const { port } = await server.run();
  process.send?.({ port });
} else {
  await main();
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'cratedig-bench-media-'));
  const mediaDir = join(work, 'media');
  mkdirSync(join(mediaDir, 'art', 'sets'), { recursive: true });
  mkdirSync(join(mediaDir, 'audio', 'sets'), { recursive: true });
  for (let i = 0; i < ART; i++)
    writeFileSync(join(mediaDir, 'art', 'sets', `cover-${i}.webp`), randomBytes(24_000));
  for (let i = 0; i < AUDIO; i++)
    writeFileSync(join(mediaDir, 'audio', 'sets', `set-${i}.mp3`), randomBytes(AUDIO_BYTES));

  const storeChild: ChildProcess = fork(new URL(import.meta.url).pathname, ['--store', join(work, 's3')], {
    execArgv: ['--import', 'tsx'],
  });
  const port = await new Promise<number>((resolve) =>
    storeChild.once('message', (m) => resolve((m as { port: number }).port)),
  );
  const settings = await createTestBucket(`http://127.0.0.1:${port}`, 'bench-media');
  const store = new S3MediaStore(settings);
  const copied = await copyFolderToStore(mediaDir, store);
  console.log(`store: ${copied.copied} objects (${(copied.bytes / 1e6).toFixed(0)} MB) pushed`);

  const database = await openDatabase({});
  const base = loadConfig({
    CRATEDIG_ENV: 'development',
    DATA_DIR: work,
    MEDIA_DIR: mediaDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    AUDIO_LINK_SECRET: SECRET,
  });
  const apps: Record<string, string> = {};
  const closers: (() => Promise<unknown>)[] = [];
  const configs: Record<string, AppConfig> = {
    folder: base,
    redirect: { ...base, mediaStore: { kind: 's3', s3: settings, delivery: 'redirect' } },
    proxy: { ...base, mediaStore: { kind: 's3', s3: settings, delivery: 'proxy' } },
  };
  for (const [name, config] of Object.entries(configs)) {
    const app = await buildApp(config, { database });
    apps[name] = await app.listen({ host: '127.0.0.1', port: 0 });
    closers.push(() => app.close());
  }

  /** Time to the first byte of the final answer, and to its end, following one redirect by hand. */
  async function timed(url: string, headers: Record<string, string> = {}) {
    const started = performance.now();
    let res = await fetch(url, { headers, redirect: 'manual' });
    if (res.status === 302) {
      await res.arrayBuffer();
      res = await fetch(res.headers.get('location') as string, { headers });
    }
    const reader = res.body?.getReader();
    const first = await reader?.read();
    const firstMs = performance.now() - started;
    let bytes = first?.value?.length ?? 0;
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      bytes += chunk.value.length;
    }
    if (res.status >= 300) throw new Error(`${url}: ${res.status}`);
    return { firstMs, allMs: performance.now() - started, bytes };
  }

  const ways = {
    folder: (path: string) => `${apps.folder}${path}`,
    store: async (path: string) =>
      (await store.signedUrl(path.replace(/^\/media\//, '').split('?')[0] as string, 'public, max-age=86400'))
        .url,
    redirect: (path: string) => `${apps.redirect}${path}`,
    proxy: (path: string) => `${apps.proxy}${path}`,
  } as const;
  const pct = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
  };
  const line = (label: string, values: number[]) =>
    `${label.padEnd(28)} p50 ${pct(values, 50).toFixed(2).padStart(6)} ms  p95 ${pct(values, 95).toFixed(2).padStart(6)} ms`;

  console.log(
    `cores ${cpus().length}, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  // each way reads every artwork file once and seeks SEEKS times, the ways taking turns file by file
  const results: Record<string, { artFirst: number[]; artAll: number[]; seek: number[] }> = {};
  for (const name of Object.keys(ways)) results[name] = { artFirst: [], artAll: [], seek: [] };
  for (let i = 0; i < ART; i++) {
    for (const [name, way] of Object.entries(ways)) {
      const t = await timed(await way(`/media/art/sets/cover-${i}.webp`));
      results[name]?.artFirst.push(t.firstMs);
      results[name]?.artAll.push(t.allMs);
    }
  }
  for (let i = 0; i < SEEKS; i++) {
    const file = `/media/audio/sets/set-${i % AUDIO}.mp3`;
    const at = Math.floor(Math.random() * (AUDIO_BYTES - RANGE));
    const range = { range: `bytes=${at}-${at + RANGE - 1}` };
    for (const [name, way] of Object.entries(ways)) {
      const path = name === 'store' ? file : signAudioUrl(base, 1, file);
      const t = await timed(await way(path), range);
      if (t.bytes !== RANGE) throw new Error(`${name}: ${t.bytes} bytes for a ${RANGE}-byte range`);
      results[name]?.seek.push(t.allMs);
    }
  }
  for (const [name, r] of Object.entries(results)) {
    console.log(line(`${name}: artwork first byte`, r.artFirst));
    console.log(line(`${name}: artwork whole`, r.artAll));
    console.log(line(`${name}: seek (64 KiB)`, r.seek));
  }
  console.log(
    `load after ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const close of closers) await close();
  await store.close();
  await database.close();
  storeChild.kill();
  rmSync(work, { recursive: true, force: true });
}
