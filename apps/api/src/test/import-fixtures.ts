// Files an import test writes for itself: small MP3s (the demo audio's format, a quiet tone's frames
// repeated to the wanted length; see db/seed/media/mp3-frames.ts) and text sources. No audio is
// committed to the repository.
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { CATALOGUE_TABLES } from '../db/catalogue-tables';
import type { Database } from '../db/client';
import { queryRow } from '../db/rows';
import { encodeSlices, FRAME_BYTES, FRAME_MS, SAMPLE_RATE } from '../db/seed/media/mp3-frames';

let frame: Uint8Array | undefined;

/** An MP3 of about `seconds` (frame-aligned) at `path`. */
export function writeMp3(path: string, seconds: number): void {
  frame ??= (() => {
    const [slice] = encodeSlices([
      {
        sampleAt: (n) => 0.2 * Math.sin((2 * Math.PI * 220 * n) / SAMPLE_RATE),
        firstFrame: 0,
        frameCount: 1,
      },
    ]);
    if (!slice) throw new Error('no frame encoded');
    return slice;
  })();
  const frames = Math.max(1, Math.round((seconds * 1000) / FRAME_MS));
  const out = new Uint8Array(frames * FRAME_BYTES);
  for (let i = 0; i < frames; i++) out.set(frame, i * FRAME_BYTES);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, out);
}

export function writeText(path: string, text: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** Every file under `dir` with its size: the media folder's state, for before/after comparisons. */
export function listFolder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let entries: string[] = [];
    try {
      entries = readdirSync(d);
    } catch {
      return;
    }
    for (const name of entries.sort()) {
      const full = join(d, name);
      const info = statSync(full);
      if (info.isDirectory()) {
        out.push(`${relative(dir, full)}/`);
        walk(full);
      } else out.push(`${relative(dir, full)} ${info.size}`);
    }
  };
  walk(dir);
  return out;
}

/** A fingerprint of every catalogue table's content (and the maintained totals). */
export async function catalogueFingerprint(database: Database): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of CATALOGUE_TABLES) {
    const row = await queryRow<{ n: number; h: string }>(
      database.db,
      sql.raw(
        `select count(*)::int as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from "${table}" t`,
      ),
    );
    out[table] = `${row?.n}:${row?.h}`;
  }
  return out;
}
