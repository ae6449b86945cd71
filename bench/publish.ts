// Publishing's costs: how fast a DJ's upload goes through the API on loopback and what it does to the
// API's memory, and how long processing (content check, probe, rendition) takes per hour of audio by
// format. Each figure is paired with its baseline from the same run:
// - upload: the same bytes PUT to a bare Node HTTP server that writes them to the same disk;
// - processing: ffmpeg decoding the same file to nothing (`-f null`), the floor of any rendition.
// The API runs in a child process (embedded database, its own DATA_DIR), so its memory is its own:
// VmRSS read from /proc every 50 ms. Not part of `npm test`.
//
// BENCH_MEDIA_STORE=s3 runs the API with its media, and so its uploads, in a bucket of a test S3
// server started here (scripts/s3-server.mjs's s3rver, on this machine): upload and processing then go
// through the store.
//
//   node --import tsx bench/publish.ts        (BENCH_UPLOAD_MB=1024 BENCH_AUDIO_MIN=60 BENCH_MEDIA_STORE=s3)
import { execFileSync, fork, spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const AUDIO_MIN = Number(process.env.BENCH_AUDIO_MIN ?? 60);
const PIPELINE_MIN = Number(process.env.BENCH_PIPELINE_MIN ?? 120);
const CHUNK = Number(process.env.BENCH_CHUNK_MB ?? 8) * 1024 * 1024;
const IN_BUCKET = process.env.BENCH_MEDIA_STORE === 's3';

if (process.argv[2] === '--api') await serveApi(process.argv[3] as string, process.argv[4]);
else await main();

/** The child: Cratedig on an embedded database, its upload folder under `dir` (or the bucket at `s3`). */
async function serveApi(dir: string, s3?: string) {
  const { buildApp } = await import('../apps/api/src/app');
  const { loadConfig } = await import('../apps/api/src/config');
  const { openDatabase } = await import('../apps/api/src/db/client');
  const { migrate } = await import('../apps/api/src/db/migrate');
  const config = loadConfig({
    CRATEDIG_ENV: 'development',
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    JWT_SECRET: 'bench-publish-secret-0123456789abcdef0123',
    PUBLISH_UPLOADS_PER_DAY: '1000',
    PUBLISH_BYTES_PER_USER: String(1024 ** 4),
    ...(s3
      ? {
          MEDIA_STORE: 's3',
          S3_ENDPOINT: s3,
          S3_BUCKET: 'bench-media',
          S3_FORCE_PATH_STYLE: 'true',
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
        }
      : {}),
  });
  const database = await openDatabase({ dataDir: join(dir, 'pglite') });
  await migrate(database);
  const app = await buildApp(config, { database });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const { processUpload } = await import('../apps/api/src/modules/publish/processing');
  const { runFingerprints } = await import('../apps/api/src/modules/fingerprints/job');
  process.on('message', async (message: { process?: string; exit?: boolean; fingerprint?: boolean }) => {
    // an exit of its own, so a --cpu-prof profile is written
    if (message.exit) process.exit(0);
    if (message.fingerprint) {
      const started = performance.now();
      const run = await runFingerprints(app.db, { media: app.media, pace: async () => {} });
      process.send?.({ fingerprinted: run.done, ms: performance.now() - started });
      return;
    }
    if (!message.process) return;
    const started = performance.now();
    const outcome = await processUpload({ db: app.db, config, media: app.media }, message.process);
    process.send?.({ processed: message.process, outcome, ms: performance.now() - started });
  });
  process.send?.({ url });
}

/** A file's bytes sent to a tus upload as a browser sends them: PATCHes of CHUNK bytes, in order. */
async function sendChunks(location: string, file: string, size: number, auth: Record<string, string>) {
  for (let offset = 0; offset < size; offset += CHUNK) {
    const end = Math.min(size, offset + CHUNK);
    const sent = await fetch(location, {
      method: 'PATCH',
      headers: {
        ...auth,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(end - offset),
      },
      body: Readable.toWeb(createReadStream(file, { start: offset, end: end - 1 })) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    if (sent.status !== 204) throw new Error(`patch at ${offset}: ${sent.status} ${await sent.text()}`);
  }
}

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'cratedig-bench-publish-'));
  let bucket: { close(): Promise<void> } | undefined;
  let s3Url: string | undefined;
  if (IN_BUCKET) {
    const { default: S3rver } = await import('s3rver');
    const { withMultipartListing } = await import('../scripts/s3rver-multipart.mjs');
    const directory = join(work, 's3');
    const server = withMultipartListing(
      new S3rver({
        port: 0,
        address: '127.0.0.1',
        silent: true,
        directory,
        configureBuckets: [{ name: 'bench-media' }],
      }),
      directory,
    );
    s3Url = `http://127.0.0.1:${(await server.run()).port}`;
    bucket = server;
  }
  const child = fork(
    new URL(import.meta.url).pathname,
    ['--api', join(work, 'api'), ...(s3Url ? [s3Url] : [])],
    {
      execArgv: [
        '--import',
        'tsx',
        ...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : []),
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const messages: ((m: Record<string, unknown>) => void)[] = [];
  child.on('message', (m: Record<string, unknown>) => {
    for (const listener of messages.splice(0)) listener(m);
  });
  const nextMessage = () => new Promise<Record<string, unknown>>((resolve) => messages.push(resolve));
  const { url } = (await nextMessage()) as { url: string };
  try {
    // a listener, signed in
    const name = `bench${Date.now()}`;
    const password = 'bench-password-123456';
    const made = await fetch(`${url}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: name,
        email: `${name}@example.test`,
        password,
        about_me: '',
        auth_provider: 'web_client',
      }),
    });
    if (!made.ok) throw new Error(`registration: ${made.status} ${await made.text()}`);
    const tokens = (await (
      await fetch(`${url}/api/tokens`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}` },
      })
    ).json()) as { access_token: string };
    const auth = { authorization: `Bearer ${tokens.access_token}`, 'tus-resumable': '1.0.0' };

    console.log(
      `machine: ${cpus().length} cores, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );

    // the long recording is made first: an idle keep-alive connection may be closed while it is made
    if (PIPELINE_MIN > 0) {
      const long = join(work, 'long.mp3');
      const secs = PIPELINE_MIN * 60;
      execFileSync('ffmpeg', [
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        `anoisesrc=color=pink:amplitude=0.2:duration=${secs}`,
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=220:duration=${secs}`,
        '-filter_complex',
        '[0][1]amix=inputs=2,aformat=channel_layouts=stereo',
        '-c:a',
        'libmp3lame',
        '-b:a',
        '320k',
        long,
      ]);
    }

    // --- upload throughput and memory ---
    const big = join(work, 'upload.bin');
    execFileSync('sh', ['-c', `head -c ${UPLOAD_MB * 1024 * 1024} /dev/urandom > '${big}'`]);
    const size = statSync(big).size;
    const rssBefore = rssKb(child.pid as number);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssKb(child.pid as number));
    }, 50);
    const created = await fetch(`${url}/api/publish/uploads`, {
      method: 'POST',
      headers: {
        ...auth,
        'upload-length': String(size),
        'upload-metadata': `filename ${Buffer.from('big.bin').toString('base64')}`,
      },
    });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
    const location = `${url}${created.headers.get('location')}`;
    const started = performance.now();
    await sendChunks(location, big, size, auth);
    const uploadS = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const uploadId = new URL(location).pathname.split('/').pop() as string;
    await fetch(`${url}/api/publish/sets/${uploadId}`, { method: 'DELETE', headers: auth });

    // baseline: the same bytes, the same chunks, to a bare server writing them to the same disk
    const sink = createServer(async (req, res) => {
      await pipeline(req, createWriteStream(join(work, 'sink.bin'), { flags: 'a' }));
      res.statusCode = 204;
      res.end();
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/`;
    const rawStarted = performance.now();
    for (let offset = 0; offset < size; offset += CHUNK) {
      const end = Math.min(size, offset + CHUNK);
      await fetch(sinkUrl, {
        method: 'PUT',
        headers: { 'content-length': String(end - offset) },
        body: Readable.toWeb(createReadStream(big, { start: offset, end: end - 1 })) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
    }
    const rawS = (performance.now() - rawStarted) / 1000;
    sink.close();
    rmSync(join(work, 'sink.bin'), { force: true });
    rmSync(big, { force: true });
    const mb = size / 1024 / 1024;
    console.log(
      `\nupload of ${mb.toFixed(0)} MB in ${CHUNK / 1024 / 1024} MB chunks over loopback, into ${IN_BUCKET ? 'a bucket (s3rver, this machine)' : 'the upload folder'}:`,
    );
    console.log(`  through the API (tus):   ${(mb / uploadS).toFixed(0)} MB/s (${uploadS.toFixed(1)} s)`);
    console.log(`  baseline, bare server:  ${(mb / rawS).toFixed(0)} MB/s (${rawS.toFixed(1)} s)`);
    console.log(
      `  API memory (VmRSS): ${(rssBefore / 1024).toFixed(0)} MB before, ${(rssPeak / 1024).toFixed(0)} MB at its peak while uploading`,
    );

    // --- processing by format ---
    const seconds = AUDIO_MIN * 60;
    // music-like enough for the encoders: two tones over pink noise, stereo
    const source = [
      '-f',
      'lavfi',
      '-i',
      `anoisesrc=color=pink:amplitude=0.2:duration=${seconds}:sample_rate=44100`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=220:duration=${seconds}:sample_rate=44100`,
      '-filter_complex',
      '[0][1]amix=inputs=2,aformat=channel_layouts=stereo',
    ];
    const formats: [string, string[]][] = [
      ['mp3', ['-c:a', 'libmp3lame', '-b:a', '320k']],
      ['wav', ['-c:a', 'pcm_s16le']],
      ['flac', ['-c:a', 'flac']],
      ['m4a', ['-c:a', 'aac', '-b:a', '256k']],
      ['ogg', ['-c:a', 'libopus', '-b:a', '160k']],
    ];
    console.log(
      `\nprocessing ${AUDIO_MIN} min of audio (content check, probe, rendition into the media folder):`,
    );
    console.log('  format  size MB  processing s  x real time  | baseline: ffmpeg decode only s');
    for (const [format, codec] of formats) {
      const file = join(work, `audio.${format}`);
      execFileSync('ffmpeg', ['-v', 'error', '-y', ...source, ...codec, file]);
      const bytes = statSync(file).size;
      const made = await fetch(`${url}/api/publish/uploads`, {
        method: 'POST',
        headers: { ...auth, 'upload-length': String(bytes) },
      });
      const at = `${url}${made.headers.get('location')}`;
      await sendChunks(at, file, bytes, auth);
      const id = new URL(at).pathname.split('/').pop() as string;
      child.send({ process: id });
      const done = (await nextMessage()) as { outcome: string; ms: number };
      const decodeStarted = performance.now();
      spawnSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-']);
      const decodeS = (performance.now() - decodeStarted) / 1000;
      const s = done.ms / 1000;
      console.log(
        `  ${format.padEnd(6)}  ${(bytes / 1e6).toFixed(0).padStart(7)}  ${s.toFixed(1).padStart(12)}  ${(seconds / s).toFixed(0).padStart(10)}×  | ${decodeS.toFixed(1)}${done.outcome === 'ready' ? '' : ` (${done.outcome}!)`}`,
      );
      await fetch(`${url}/api/publish/sets/${id}`, { method: 'DELETE', headers: auth });
      rmSync(file, { force: true });
    }
    // --- a DJ's whole way: upload, processing, publish, playable, fingerprinted ---
    if (PIPELINE_MIN > 0) {
      const long = join(work, 'long.mp3');
      const bytes = statSync(long).size;
      const t0 = performance.now();
      const made = await fetch(`${url}/api/publish/uploads`, {
        method: 'POST',
        headers: { ...auth, 'upload-length': String(bytes) },
      });
      const at = `${url}${made.headers.get('location')}`;
      await sendChunks(at, long, bytes, auth);
      const uploaded = performance.now();
      const id = new URL(at).pathname.split('/').pop() as string;
      child.send({ process: id });
      const done = (await nextMessage()) as { outcome: string; ms: number };
      const json = { ...auth, 'content-type': 'application/json' };
      await fetch(`${url}/api/publish/sets/${id}/details`, {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({
          set_name: 'Bench Set',
          djs: ['Bench DJ'],
          recorded_date: '2026-11-01',
          genre: null,
          festival: null,
          venue: null,
          tracklist: '',
        }),
      });
      const publishAt = performance.now();
      const published = (await (
        await fetch(`${url}/api/publish/sets/${id}/publish`, { method: 'POST', headers: auth })
      ).json()) as { set_id: number };
      const set = (await (await fetch(`${url}/api/sets/${published.set_id}`, { headers: auth })).json()) as {
        mp3_permalink?: string;
        set_meta?: { mp3_permalink?: string };
      };
      const permalink = set.mp3_permalink ?? set.set_meta?.mp3_permalink ?? '';
      const audio = await fetch(new URL(permalink, url), { headers: { range: 'bytes=0-65535' } });
      await audio.arrayBuffer();
      const playable = performance.now();
      child.send({ fingerprint: true });
      const heard = (await nextMessage()) as { fingerprinted: number; ms: number };
      console.log(`\na DJ's ${PIPELINE_MIN}-minute MP3 (${(bytes / 1e6).toFixed(0)} MB), end to end:`);
      console.log(
        `  upload ${((uploaded - t0) / 1000).toFixed(1)} s, processing ${(done.ms / 1000).toFixed(1)} s (${done.outcome}), fingerprints ${(heard.ms / 1000).toFixed(1)} s (${heard.fingerprinted} set)`,
      );
      console.log(
        `  processing + fingerprints: ${((done.ms + heard.ms) / 1000).toFixed(1)} s (target: 120 s for 2 hours)`,
      );
      console.log(
        `  from Publish to its first audio bytes: ${((playable - publishAt) / 1000).toFixed(2)} s (HTTP ${audio.status})`,
      );
    }
    console.log(
      `\nload after: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    child.send({ exit: true });
    await new Promise((resolve) => child.once('exit', resolve));
    await bucket?.close();
    rmSync(work, { recursive: true, force: true });
  }
}
