// Where a DJ's recording waits while it uploads and until it is processed (docs/publishing.md
// "Uploading"): a folder of this machine (UPLOAD_DIR) when media live in a folder, or the media's
// bucket, under uploads/, when they live in one. In a bucket any instance takes the next request of an
// upload and any worker processes it: the bytes are nowhere's disk but the store's. tus writes them
// (@tus/file-store, @tus/s3-store); the processing job reads them back as a file of its own machine.
import { createWriteStream, mkdirSync } from 'node:fs';
import { mkdtemp, rm, stat, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { GetObjectCommandOutput } from '@aws-sdk/client-s3';
import { FileStore } from '@tus/file-store';
import type { S3Store } from '@tus/s3-store';
import { type DataStore, ERRORS } from '@tus/utils';
import type { PublishConfig } from '../../config';
import { type MediaStore, UPLOAD_PART_BYTES, UPLOADS_PREFIX } from '../../lib/media-store';
import type { S3MediaStore } from '../../lib/media-store-s3';

/** A draft's id: 32 hex characters, the last part of its upload's URL. */
export const DRAFT_ID = /^[0-9a-f]{32}$/;

export interface UploadStore {
  readonly kind: 'folder' | 's3';
  /** tus's store of the bytes (made on first use; a bucket's SDK is loaded only then). */
  datastore(): Promise<DataStore>;
  /** The id tus and the store know a draft's upload by, and the draft an upload id stands for. */
  uploadId(draftId: string): string;
  draftOf(uploadId: string): string;
  /** Bytes that may still be uploaded here: the disk's free room, or no end for a bucket. */
  room(): Promise<number>;
  /**
   * The uploaded bytes as a file of this machine while `use` runs (undefined: they are gone). Files
   * `use` writes beside it, named `${path}.*`, go with it.
   */
  withFile<T>(draftId: string, use: (path: string | undefined) => Promise<T>): Promise<T>;
  /** Removes an upload's bytes, finished or not, and the store's notes of it; none is not an error. */
  remove(draftId: string): Promise<void>;
}

/** Bytes gathered before each write to disk: a few large writes rather than one per network packet. */
const WRITE_BUFFER_BYTES = 4 * 1024 * 1024;

/**
 * tus's folder store, writing each request's bytes through one large buffer: its own writes follow
 * the network's 64 KB packets one by one, and an upload crawls at half the disk's speed.
 */
class UploadFolder extends FileStore {
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const out = createWriteStream(join(this.directory, id), {
      flags: 'r+',
      start: offset,
      highWaterMark: WRITE_BUFFER_BYTES,
    });
    try {
      await pipeline(readable, out);
    } catch (error) {
      // what reached the disk stays: the client asks for the offset (HEAD) and resumes from it
      if ((error as NodeJS.ErrnoException).code === 'ENOSPC') throw error;
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + out.bytesWritten;
  }
}

class FolderUploads implements UploadStore {
  readonly kind = 'folder' as const;
  private store: UploadFolder | undefined;

  constructor(private readonly dir: string) {}

  // Made on first use, once its folder is made here, synchronously: tus's store makes the folder
  // itself in the background and throws from a callback when it cannot, which would end the process.
  async datastore(): Promise<DataStore> {
    if (!this.store) {
      mkdirSync(this.dir, { recursive: true });
      this.store = new UploadFolder({ directory: this.dir });
    }
    return this.store;
  }

  uploadId = (draftId: string) => draftId;
  draftOf = (uploadId: string) => uploadId;

  async room(): Promise<number> {
    mkdirSync(this.dir, { recursive: true });
    return await statfs(this.dir).then(
      (s) => s.bavail * s.bsize,
      () => 0,
    );
  }

  async withFile<T>(draftId: string, use: (path: string | undefined) => Promise<T>): Promise<T> {
    const file = join(this.dir, draftId);
    const present = await stat(file).then(
      () => true,
      () => false,
    );
    try {
      return await use(present ? file : undefined);
    } finally {
      await rm(`${file}.rendition.mp3`, { force: true });
    }
  }

  async remove(draftId: string): Promise<void> {
    if (!DRAFT_ID.test(draftId)) return;
    await rm(join(this.dir, draftId), { force: true });
    await rm(join(this.dir, `${draftId}.json`), { force: true });
  }
}

class BucketUploads implements UploadStore {
  readonly kind = 's3' as const;
  private store: S3Store | undefined;
  /** Object keys of uploads: under the media's prefix, then uploads/. */
  private readonly prefix: string;

  constructor(private readonly media: S3MediaStore) {
    this.prefix = `${media.settings.prefix}${UPLOADS_PREFIX}`;
  }

  async datastore(): Promise<S3Store> {
    if (this.store) return this.store;
    const [{ S3Store }, { s3ClientConfig }] = await Promise.all([
      import('@tus/s3-store'),
      import('../../lib/media-store-s3'),
    ]);
    this.store ??= new S3Store({
      s3ClientConfig: { bucket: this.media.settings.bucket, ...s3ClientConfig(this.media.settings) },
      // the parts the store receives, as media are sent: an hour of MP3 at 320 kbit/s is about 9
      partSize: UPLOAD_PART_BYTES,
      // the uploads keeper removes abandoned drafts with their parts; no store-side expiry tags
      useTags: false,
    });
    return this.store;
  }

  uploadId = (draftId: string) => `${this.prefix}${draftId}`;
  draftOf = (uploadId: string) => uploadId.slice(uploadId.lastIndexOf('/') + 1);

  async room(): Promise<number> {
    return Number.POSITIVE_INFINITY;
  }

  async withFile<T>(draftId: string, use: (path: string | undefined) => Promise<T>): Promise<T> {
    const { GetObjectCommand } = await import('@aws-sdk/client-s3');
    const dir = await mkdtemp(join(tmpdir(), 'cratedig-upload-'));
    try {
      let out: GetObjectCommandOutput | undefined;
      try {
        out = await this.media.client.send(
          new GetObjectCommand({ Bucket: this.media.settings.bucket, Key: this.uploadId(draftId) }),
        );
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      if (!out?.Body) return await use(undefined);
      // named by nothing the DJ sent: what reads it learns its format from its bytes
      const file = join(dir, 'upload');
      await pipeline(out.Body as Readable, createWriteStream(file, { mode: 0o600 }));
      return await use(file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async remove(draftId: string): Promise<void> {
    if (!DRAFT_ID.test(draftId)) return;
    const id = this.uploadId(draftId);
    // an unfinished upload's parts: the store keeps (and bills) them until the upload is aborted
    await (await this.datastore()).remove(id).catch((error) => {
      if (error !== ERRORS.FILE_NOT_FOUND) throw error;
    });
    const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
    for (const key of [id, `${id}.info`, `${id}.part`])
      await this.media.client.send(new DeleteObjectCommand({ Bucket: this.media.settings.bucket, Key: key }));
  }
}

const isMissing = (error: unknown) => {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
};

const stores = new WeakMap<MediaStore, UploadStore>();

/** The store of uploads that goes with the media's: one per media store, shared by its users. */
export function uploadStoreOf(config: PublishConfig, media: MediaStore): UploadStore {
  let store = stores.get(media);
  if (!store) {
    store =
      media.kind === 's3' ? new BucketUploads(media as S3MediaStore) : new FolderUploads(config.uploadDir);
    stores.set(media, store);
  }
  return store;
}
