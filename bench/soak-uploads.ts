// The soak's DJs (bench/soak.ts, CLUSTER=true): one recording uploaded every UPLOAD_EVERY_S over tus
// through nginx, in two chunks that the balancer may send to different instances; a chunk whose
// answer is lost is resumed from the offset the server reports, as tus-js-client does. The worker
// processes each upload from the object store. At the end every upload whose last chunk was answered
// is reconciled: one draft, ready, its rendition in the bucket, nothing of its bytes left under
// uploads/; and no draft of the soak's DJs exists that the soak did not create.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import type pg from 'pg';

const UPLOAD_EVERY_MS = 15_000;
const SECONDS = 30;
const BUCKET = 'cratedig-media';

/** What a request's answer means for the soak's bookkeeping, as its `send` reports it. */
export type Record = (status: string, started: number, what: string) => void;

interface Uploaded {
  id: string;
  userId: number;
  /** The last chunk was answered 204: the upload is whole. */
  whole: boolean;
}

export interface UploadsRun {
  /** Runs until `end`. */
  run(): Promise<void>;
  reconcile(db: pg.Pool): Promise<string[]>;
}

export function soakUploads(options: {
  base: string;
  s3Endpoint: string;
  djs: { id: number; token: string }[];
  end: number;
  record: Record;
}): UploadsRun {
  const { base, djs, end, record } = options;
  const dir = mkdtempSync(join(tmpdir(), 'cratedig-soak-uploads-'));
  const file = join(dir, 'set.mp3');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=330:duration=${SECONDS}`,
    '-c:a',
    'libmp3lame',
    '-b:a',
    '128k',
    file,
  ]);
  const bytes = readFileSync(file);
  rmSync(dir, { recursive: true, force: true });
  const made: Uploaded[] = [];
  let refused = 0;
  let cancelled = 0;

  const request = async (
    method: string,
    path: string,
    token: string,
    headers: { [name: string]: string },
    body?: Buffer,
  ): Promise<Response | undefined> => {
    const started = Date.now();
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}`, ...headers },
        body: body ? new Uint8Array(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      record(String(response.status), started, `${method} ${path}`);
      return response;
    } catch {
      record('network', started, `${method} ${path}`);
      return undefined;
    }
  };

  const upload = async (dj: { id: number; token: string }) => {
    const created = await request('POST', '/api/publish/uploads', dj.token, {
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${Buffer.from('soak set.mp3').toString('base64')}`,
    });
    if (created?.status !== 201) {
      refused += 1;
      return;
    }
    const location = created.headers.get('location') ?? '';
    const id = location.split('/').pop() ?? '';
    const half = Math.floor(bytes.length / 2);
    let whole = false;
    for (let attempt = 0; attempt < 10 && !whole; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 3000));
      const head = await request('HEAD', location, dj.token, {});
      if (head?.status !== 200) continue;
      const offset = Number(head.headers.get('upload-offset'));
      const until = offset < half ? half : bytes.length;
      const sent = await request(
        'PATCH',
        location,
        dj.token,
        { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        bytes.subarray(offset, until),
      );
      if (sent?.status === 204 && until === bytes.length) whole = true;
      else if (sent?.status === 204) attempt = -1; // the first half is in: the second starts afresh
    }
    made.push({ id, userId: dj.id, whole });
    // given up: the DJ cancels it, as the page's Cancel does (their next upload may begin)
    if (!whole) {
      cancelled += 1;
      await request('DELETE', location, dj.token, {});
    }
  };

  return {
    async run() {
      for (let i = 0; Date.now() < end; i++) {
        const started = Date.now();
        await upload(djs[i % djs.length] as { id: number; token: string });
        await new Promise((resolve) =>
          setTimeout(resolve, Math.max(0, UPLOAD_EVERY_MS - (Date.now() - started))),
        );
      }
    },

    async reconcile(db) {
      const problems: string[] = [];
      const whole = made.filter((u) => u.whole);
      // the worker processes what came in the last seconds
      const deadline = Date.now() + 5 * 60_000;
      let rows: { id: string; state: string; rendition_key: string | null; duration_ms: number | null }[] =
        [];
      while (Date.now() < deadline) {
        rows = (
          await db.query(
            'select id, state, rendition_key, duration_ms from uploads where owner_id = any($1)',
            [djs.map((d) => d.id)],
          )
        ).rows;
        if (!rows.some((r) => r.state === 'processing')) break;
        await new Promise((resolve) => setTimeout(resolve, 5000));
      }
      const s3 = new S3Client({
        endpoint: options.s3Endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      try {
        for (const u of whole) {
          const row = rows.find((r) => r.id === u.id);
          if (!row) {
            problems.push(`upload ${u.id}: whole, but its draft is gone`);
            continue;
          }
          if (row.state !== 'ready' || !row.rendition_key) {
            problems.push(`upload ${u.id}: whole, but its draft is ${row.state}`);
            continue;
          }
          if (Math.abs((row.duration_ms ?? 0) - SECONDS * 1000) > 1000)
            problems.push(`upload ${u.id}: ${row.duration_ms} ms of audio for ${SECONDS} s sent`);
          await s3
            .send(new HeadObjectCommand({ Bucket: BUCKET, Key: row.rendition_key }))
            .catch(() =>
              problems.push(`upload ${u.id}: its rendition ${row.rendition_key} is not in the bucket`),
            );
        }
        const known = new Set(made.map((u) => u.id));
        for (const r of rows)
          if (!known.has(r.id)) problems.push(`draft ${r.id}: made by no upload of the soak`);
        const settled = new Set(rows.filter((r) => r.state !== 'uploading').map((r) => r.id));
        for (const u of made) if (!rows.some((r) => r.id === u.id)) settled.add(u.id);
        const left = (
          (await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'uploads/' }))).Contents ?? []
        ).map((o) => o.Key ?? '');
        for (const key of left) {
          const id = (key.split('/').pop() ?? '').split('.')[0] ?? '';
          if (settled.has(id)) problems.push(`bucket: ${key} left of an upload already settled`);
        }
        const open =
          (await s3.send(new ListMultipartUploadsCommand({ Bucket: BUCKET, Prefix: 'uploads/' }))).Uploads ??
          [];
        for (const o of open) {
          const id = o.Key?.split('/').pop() ?? '';
          if (settled.has(id)) problems.push(`bucket: an unfinished multipart upload of settled ${id}`);
        }
      } finally {
        s3.destroy();
      }
      const ready = rows.filter((r) => r.state === 'ready').length;
      console.log(
        `uploads: ${made.length} made (${whole.length} whole, ${cancelled} cancelled after retries), ${refused} refused at creation; ${ready} ready`,
      );
      return problems;
    },
  };
}
