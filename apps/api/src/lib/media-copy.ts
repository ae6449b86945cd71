// A media folder copied into a store, every object checked: what `cratedig media push` does when a
// catalogue moves into a bucket, and what a start does with the demo's media when the settings name
// one (docs/media-storage.md). An object already stored with the same bytes is not sent again.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import {
  FolderMediaStore,
  type MediaStore,
  UPLOAD_PART_BYTES as PART_BYTES,
  type StoredObject,
} from './media-store';

export interface CopyReport {
  /** Files in the folder. */
  files: number;
  /** Sent to the store. */
  copied: number;
  /** Already there with the same bytes. */
  unchanged: number;
  bytes: number;
  /** Files whose object differs after the copy: key and why. */
  mismatched: { key: string; why: string }[];
}

/**
 * The entity tags a store may give these bytes: the MD5 of the whole (a file sent in one request;
 * some stores tag every object so), and for a file sent in parts of PART_BYTES the MD5 of its parts'
 * MD5s with "-<parts>" (AWS S3, R2, MinIO). Quoted, as stores send them.
 */
export async function expectedEtags(path: string): Promise<string[]> {
  const whole = createHash('md5');
  const parts: Buffer[] = [];
  let part = createHash('md5');
  let inPart = 0;
  for await (const raw of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
    let chunk = raw as Buffer;
    whole.update(chunk);
    while (chunk.length > 0) {
      const take = Math.min(chunk.length, PART_BYTES - inPart);
      part.update(chunk.subarray(0, take));
      inPart += take;
      chunk = chunk.subarray(take);
      if (inPart === PART_BYTES) {
        parts.push(part.digest());
        part = createHash('md5');
        inPart = 0;
      }
    }
  }
  if (inPart > 0) parts.push(part.digest());
  const tags = [`"${whole.digest('hex')}"`];
  if (parts.length > 1)
    tags.push(`"${createHash('md5').update(Buffer.concat(parts)).digest('hex')}-${parts.length}"`);
  return tags;
}

/** Why the stored object is not the file's bytes, or undefined when it is. */
async function differs(
  found: StoredObject | undefined,
  path: string,
  size: number,
  store: MediaStore,
): Promise<string | undefined> {
  if (!found) return 'not stored';
  if (found.size !== size) return `${found.size} bytes stored, ${size} in the folder`;
  // a folder's tags are its own (size and time); only a bucket's say what the bytes are
  if (store.kind === 'folder') return undefined;
  const tags = await expectedEtags(path);
  if (tags.includes(found.etag)) return undefined;
  // sent in another number of parts (by another tool, in parts of another size): its tag says
  // nothing this side can compute, so the size is all that can be compared
  const parts = /-(\d+)"$/.exec(found.etag)?.[1];
  if (parts && !tags.some((tag) => tag.endsWith(`-${parts}"`))) return undefined;
  return `entity tag ${found.etag}, expected ${tags.join(' or ')}`;
}

/** Copies every file of `folder` into `store` that is not there alike, and checks each object it sent. */
export function copyFolderToStore(
  folder: string,
  store: MediaStore,
  onProgress?: (done: number, total: number) => void,
): Promise<CopyReport> {
  return compareFolder(folder, store, true, onProgress);
}

/** Checks every file of `folder` against its object in `store`, sending nothing. */
export function checkFolderInStore(
  folder: string,
  store: MediaStore,
  onProgress?: (done: number, total: number) => void,
): Promise<CopyReport> {
  return compareFolder(folder, store, false, onProgress);
}

/** Each file of `folder` in key order against its object; `send` puts what differs, then checks it again. */
async function compareFolder(
  folder: string,
  store: MediaStore,
  send: boolean,
  onProgress?: (done: number, total: number) => void,
): Promise<CopyReport> {
  const source = new FolderMediaStore(folder);
  const files: StoredObject[] = [];
  for await (const file of source.list()) files.push(file);
  files.sort((a, b) => a.key.localeCompare(b.key));
  const report: CopyReport = { files: files.length, copied: 0, unchanged: 0, bytes: 0, mismatched: [] };
  let done = 0;
  for (const { key, size } of files) {
    const path = source.pathOf(key);
    let why = await differs(await store.head(key), path, size, store);
    if (why === undefined) report.unchanged += 1;
    else if (send) {
      await store.putFile(key, path);
      report.copied += 1;
      report.bytes += size;
      why = await differs(await store.head(key), path, size, store);
    }
    if (why !== undefined) report.mismatched.push({ key, why });
    onProgress?.(++done, files.length);
  }
  return report;
}
