// Where media live: audio and artwork, by key ("audio/sets/x.mp3", "art/sets/x.webp", the site path
// without its /media/ prefix). A folder on this machine by default (MEDIA_DIR), or a bucket of an
// S3-compatible store (lib/media-store-s3.ts) once the catalogue outgrows one machine's disk; the
// server, the import, the seed, backups and the fingerprint job all read and write through this
// interface (docs/media-storage.md).
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, opendir, realpath, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';

export const MEDIA_PREFIX = '/media/';

/** A bucket receives a file larger than this in parts of this size (its entity tag depends on it). */
export const UPLOAD_PART_BYTES = 16 * 1024 * 1024;

/** One stored object: its key, size in bytes, entity tag and time written. */
export interface StoredObject {
  key: string;
  size: number;
  /** Quoted, as HTTP sends it. */
  etag: string;
  lastModified: Date;
}

export interface MediaStore {
  readonly kind: 'folder' | 's3';
  /** Where the media are, for logs and reports: the folder, or s3://bucket/prefix. */
  readonly location: string;
  /** The object's facts, or undefined when no object has this key. */
  head(key: string): Promise<StoredObject | undefined>;
  /** Stores the file at `source` under `key`, whole or not at all. */
  putFile(key: string, source: string, contentType?: string): Promise<void>;
  /** Removes the object; no object is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in no set order. */
  list(prefix?: string): AsyncIterable<StoredObject>;
  /** The object as a file on this machine while `use` runs: itself in a folder, a download from a bucket. */
  withLocalFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Where a bucket keeps the recordings DJs are still uploading, or that wait for processing
 * (modules/publish/upload-store.ts): not media, never served, listed, copied or backed up.
 */
export const UPLOADS_PREFIX = 'uploads/';

/** The key of a site path under /media/, or undefined when the path is not a plain media path. */
export function mediaKey(sitePath: string): string | undefined {
  if (!sitePath.startsWith(MEDIA_PREFIX)) return undefined;
  const key = sitePath.slice(MEDIA_PREFIX.length);
  return isMediaKey(key) && !key.startsWith(UPLOADS_PREFIX) ? key : undefined;
}

/**
 * A key is relative segments of printable characters: no empty, '.' or '..' segment, no backslash,
 * no control character, no leading slash. Keys reach file paths and bucket paths alike.
 */
export function isMediaKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return false; // control characters, backslash
  }
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** The content type a key's extension stands for. */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  wav: 'audio/wav',
  webm: 'audio/webm',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  json: 'application/json',
};

/** Media in a folder of this machine (MEDIA_DIR). */
export class FolderMediaStore implements MediaStore {
  readonly kind = 'folder' as const;
  readonly location: string;

  constructor(readonly root: string) {
    this.location = root;
  }

  /** The file of a key; throws on a key that could leave the folder. */
  pathOf(key: string): string {
    if (!isMediaKey(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`);
    return join(this.root, ...key.split('/'));
  }

  async head(key: string): Promise<StoredObject | undefined> {
    try {
      const path = this.pathOf(key);
      const info = await stat(path);
      if (!info.isFile()) return undefined;
      // a symlink inside the folder must not reach a file outside it
      const [root, real] = await Promise.all([realpath(this.root), realpath(path)]);
      if (!real.startsWith(root + sep)) return undefined;
      return {
        key,
        size: info.size,
        etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
        lastModified: info.mtime,
      };
    } catch {
      return undefined;
    }
  }

  async putFile(key: string, source: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    // a temporary name beside it, renamed once whole: a reader never sees half a file
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await copyFile(source, temp);
      await rename(temp, target);
    } finally {
      await rm(temp, { force: true });
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    // folders left empty go too, up to the root
    let dir = dirname(path);
    while (dir !== this.root && dir.startsWith(this.root + sep)) {
      try {
        await rmdir(dir);
      } catch {
        break;
      }
      dir = dirname(dir);
    }
  }

  async *list(prefix = ''): AsyncIterable<StoredObject> {
    const walk = async function* (this: FolderMediaStore, dir: string): AsyncIterable<StoredObject> {
      let handle: Awaited<ReturnType<typeof opendir>>;
      try {
        handle = await opendir(dir);
      } catch {
        return;
      }
      for await (const entry of handle) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) yield* walk.call(this, path);
        else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
          const key = relative(this.root, path).split(sep).join('/');
          if (!key.startsWith(prefix) || !isMediaKey(key)) continue;
          const found = await this.head(key);
          if (found) yield found;
        }
      }
    };
    yield* walk.call(this, this.root);
  }

  async withLocalFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T> {
    if (!(await this.head(key))) throw new MediaMissing(key);
    return use(this.pathOf(key));
  }

  async close(): Promise<void> {}
}

/** No object has this key. */
export class MediaMissing extends Error {
  constructor(readonly key: string) {
    super(`no media stored as ${key}`);
    this.name = 'MediaMissing';
  }
}

/** The range asked for lies outside the object of `size` bytes. */
export class RangeNotSatisfiable extends Error {
  constructor(readonly size: number) {
    super('range not satisfiable');
    this.name = 'RangeNotSatisfiable';
  }
}
