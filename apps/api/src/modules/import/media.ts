// Audio and artwork of an import: checked before anything is written, then stored (the media folder or
// the bucket, lib/media-store.ts) under content-addressed names (the same file imported twice is
// stored once). A refusal or a failed commit removes what the import stored, so the store is left
// exactly as it was.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, constants, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { parseFile } from 'music-metadata';
import { AUDIO_PREFIX } from '../../lib/audio-links';
import { type MediaStore, mediaKey } from '../../lib/media-store';
import type { AudioTags } from './set-facts';

export interface AudioFacts {
  durationMs: number;
  hash: string;
  tags: AudioTags;
}

async function sha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Why a file cannot be read, in the operator's words; undefined when it can. */
async function unreadable(path: string): Promise<string | undefined> {
  try {
    const info = await stat(path);
    if (!info.isFile()) return `${path} is not a file`;
    await access(path, constants.R_OK);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return `the audio file ${path} does not exist`;
    return `${path} cannot be read (${code ?? 'error'})`;
  }
}

/** The duration (from the audio) and content hash of an MP3; a message when it is not one. */
export async function probeAudio(path: string): Promise<AudioFacts | string> {
  const why = await unreadable(path);
  if (why) return why;
  try {
    const meta = await parseFile(path, { duration: true, skipCovers: true });
    const codec = `${meta.format.container ?? ''} ${meta.format.codec ?? ''}`;
    if (!/layer 3|mp3/i.test(codec) && !/mpeg/i.test(meta.format.container ?? '')) {
      return `${path} is not an MP3 (${codec.trim() || 'unknown format'})`;
    }
    const seconds = meta.format.duration;
    if (!seconds || !Number.isFinite(seconds) || seconds <= 0) return `${path} has no readable duration`;
    const modified = (await stat(path)).mtime;
    const tags: AudioTags = {
      genres: meta.common.genre ?? [],
      ...(meta.common.date ? { date: meta.common.date } : {}),
      ...(meta.common.year ? { year: meta.common.year } : {}),
      ...(Number.isNaN(modified.getTime()) ? {} : { fileDate: modified.toISOString().slice(0, 10) }),
    };
    return { durationMs: Math.round(seconds * 1000), hash: await sha256(path), tags };
  } catch (error) {
    return `${path} is not an MP3 (${error instanceof Error ? error.message : String(error)})`;
  }
}

const IMAGE_TYPES = new Set(['.jpg', '.jpeg', '.png', '.webp', '.gif', '.svg']);

/** The content hash of an artwork file; a message when it is missing or not a picture. */
export async function probeImage(path: string): Promise<{ hash: string } | string> {
  const why = await unreadable(path);
  if (why) return why.replace('the audio file', 'the artwork file');
  if (!IMAGE_TYPES.has(extname(path).toLowerCase())) {
    return `${path} is not a picture (.jpg, .png, .webp, .gif or .svg)`;
  }
  return { hash: await sha256(path) };
}

/**
 * The site path a file is stored under. Audio goes where set audio lives, so it is served only
 * through signed links (lib/audio-links.ts): `/media/audio/sets/import-<hash>.mp3`; artwork under
 * `/media/art/import/<hash>.<ext>`.
 */
export function mediaPathFor(kind: 'audio' | 'art', hash: string, sourcePath: string): string {
  if (kind === 'audio') return `${AUDIO_PREFIX}import-${hash.slice(0, 32)}.mp3`;
  const ext = extname(sourcePath).toLowerCase().replace('.jpeg', '.jpg');
  return `/media/art/import/${hash.slice(0, 32)}${ext}`;
}

/**
 * The import's media, stored under their final keys as the catalogue is written: content-addressed
 * names, so a file already stored is not stored again. discard() (a refusal, a failed commit) removes
 * what this import stored, so the store is left as it was; commit() keeps it.
 */
export class MediaStage {
  private readonly seen = new Set<string>();
  private readonly stored: string[] = [];

  constructor(private readonly store: MediaStore) {}

  /** Stores `source` under `sitePath`'s key, unless an object is already there. */
  async add(source: string, sitePath: string): Promise<void> {
    const key = mediaKey(sitePath);
    if (!key) throw new Error(`not a media path: ${sitePath}`);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    if (await this.store.head(key)) return;
    this.stored.push(key);
    await this.store.putFile(key, source);
  }

  /** Files this import stores (those already stored not counted). */
  get count(): number {
    return this.stored.length;
  }

  async commit(): Promise<void> {
    this.stored.length = 0;
    this.seen.clear();
  }

  async discard(): Promise<void> {
    for (const key of this.stored.reverse()) await this.store.delete(key);
    this.stored.length = 0;
    this.seen.clear();
  }
}
