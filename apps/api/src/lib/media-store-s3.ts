// Media in a bucket of an S3-compatible store (AWS S3, Cloudflare R2, MinIO, Ceph RGW), through the
// maintained AWS SDK. Listeners get the bytes from the store itself, by a redirect to a signed URL
// that stays the same for a while (so browsers and a CDN keep what they fetched), or through this
// server with range requests when MEDIA_DELIVERY=proxy (docs/media-storage.md).
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '../config';
import {
  contentTypeOf,
  MediaMissing,
  type MediaStore,
  RangeNotSatisfiable,
  type StoredObject,
  UPLOAD_PART_BYTES,
  UPLOADS_PREFIX,
} from './media-store';

/** One ranged read of an object, as the proxy passes it on. */
export interface ObjectRead {
  status: 200 | 206 | 304;
  headers: Record<string, string>;
  body: Readable | undefined;
}

/** Keys known to be stored, kept this long (objects are written once under content-addressed names). */
const KNOWN_MS = 10 * 60_000;
/** Keys remembered as stored, and signed URLs kept, at most. */
const KNOWN_MAX = 20_000;

/** The SDK client's settings for a store: the same for the media and for uploads waiting there. */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // stores other than AWS (R2, older MinIO and Ceph) refuse the SDK's newer default checksums
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  };
}

export class S3MediaStore implements MediaStore {
  readonly kind = 's3' as const;
  readonly location: string;
  readonly client: S3Client;
  /** Key → when it was last seen stored: a redirect need not ask the store again for a while. */
  private readonly known = new Map<string, number>();
  /** Cache rule and key → the URL signed for the current half-life (signing costs about 0.3 ms). */
  private readonly signed = new Map<string, { signedAt: number; url: string }>();

  constructor(readonly settings: S3Settings) {
    this.location = `s3://${settings.bucket}/${settings.prefix}`;
    this.client = new S3Client(s3ClientConfig(settings));
  }

  private objectKey(key: string): string {
    return `${this.settings.prefix}${key}`;
  }

  async head(key: string): Promise<StoredObject | undefined> {
    try {
      const out = await this.client.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
      );
      return {
        key,
        size: out.ContentLength ?? 0,
        etag: out.ETag ?? '""',
        lastModified: out.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async putFile(key: string, source: string, contentType = contentTypeOf(key)): Promise<void> {
    const { size } = await stat(source);
    // one request for a small file, parts of 16 MB for an hour of audio; a failed part aborts it all
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Body: createReadStream(source),
        ContentType: contentType,
        ContentLength: size,
      },
      partSize: UPLOAD_PART_BYTES,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  /**
   * Whether an object has this key, from memory when it was seen in the last minutes: a redirect
   * costs the store a request only the first time a key is asked for.
   */
  async exists(key: string, now = Date.now()): Promise<boolean> {
    const seen = this.known.get(key);
    if (seen !== undefined && now - seen < KNOWN_MS) return true;
    if (!(await this.head(key))) {
      this.known.delete(key);
      return false;
    }
    remember(this.known, key, now, KNOWN_MAX);
    return true;
  }

  async delete(key: string): Promise<void> {
    this.known.delete(key);
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
    );
  }

  async *list(prefix = ''): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.settings.bucket,
          Prefix: this.objectKey(prefix),
          ContinuationToken: token,
        }),
      );
      for (const item of page.Contents ?? []) {
        if (!item.Key) continue;
        const key = item.Key.slice(this.settings.prefix.length);
        // uploads in progress are not media, unless they are what is asked for
        if (key.startsWith(UPLOADS_PREFIX) && !prefix.startsWith(UPLOADS_PREFIX)) continue;
        yield {
          key,
          size: item.Size ?? 0,
          etag: item.ETag ?? '""',
          lastModified: item.LastModified ?? new Date(0),
        };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async withLocalFile<T>(key: string, use: (path: string) => Promise<T>): Promise<T> {
    const dir = await mkdtemp(join(tmpdir(), 'cratedig-media-'));
    try {
      let out: GetObjectCommandOutput;
      try {
        out = await this.client.send(
          new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
        );
      } catch (error) {
        if (isMissing(error)) throw new MediaMissing(key);
        throw error;
      }
      // named by nothing of the key: whatever reads it learns its format from its bytes
      const file = join(dir, 'object');
      await pipeline(out.Body as Readable, createWriteStream(file, { mode: 0o600 }));
      return await use(file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * A signed URL of the object. It is signed as of the start of the current half-life, so every
   * request within it gets the same URL (a browser's and a CDN's cache key), valid for at least
   * another half-life. `cacheControl` is what the store answers the URL with.
   */
  async signedUrl(
    key: string,
    cacheControl: string,
    now = Date.now(),
  ): Promise<{ url: string; stableForS: number }> {
    const half = Math.max(1, Math.floor(this.settings.urlTtlS / 2)) * 1000;
    const signedAt = Math.floor(now / half) * half;
    const stableForS = Math.max(1, Math.floor((signedAt + half - now) / 1000));
    const id = `${cacheControl}\n${key}`;
    const kept = this.signed.get(id);
    if (kept?.signedAt === signedAt) return { url: kept.url, stableForS };
    const url = await getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        ResponseCacheControl: cacheControl,
      }),
      { expiresIn: this.settings.urlTtlS, signingDate: new Date(signedAt) },
    );
    remember(this.signed, id, { signedAt, url }, KNOWN_MAX);
    return { url, stableForS };
  }

  /** The origin the store's signed URLs point at (where browsers fetch media from). */
  async origin(): Promise<string> {
    return new URL((await this.signedUrl('origin', 'no-store')).url).origin;
  }

  /**
   * Reads the object for a request: its Range, If-None-Match and If-Modified-Since passed on. Throws
   * MediaMissing when there is none, RangeNotSatisfiable with its size when the range is outside it.
   */
  async read(
    key: string,
    request: {
      range?: string | undefined;
      ifNoneMatch?: string | undefined;
      ifModifiedSince?: string | undefined;
    },
  ): Promise<ObjectRead> {
    const modifiedSince = request.ifModifiedSince ? new Date(request.ifModifiedSince) : undefined;
    try {
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.objectKey(key),
          Range: request.range && /^bytes=\d*-\d*$/.test(request.range) ? request.range : undefined,
          IfNoneMatch: request.ifNoneMatch,
          IfModifiedSince:
            modifiedSince && !Number.isNaN(modifiedSince.getTime()) && !request.ifNoneMatch
              ? modifiedSince
              : undefined,
        }),
      );
      const headers: Record<string, string> = { 'accept-ranges': 'bytes' };
      if (out.ContentType) headers['content-type'] = out.ContentType;
      if (out.ContentLength !== undefined) headers['content-length'] = String(out.ContentLength);
      if (out.ContentRange) headers['content-range'] = out.ContentRange;
      if (out.ETag) headers.etag = out.ETag;
      if (out.LastModified) headers['last-modified'] = out.LastModified.toUTCString();
      return { status: out.ContentRange ? 206 : 200, headers, body: out.Body as Readable };
    } catch (error) {
      const status = statusOf(error);
      if (status === 304) return { status: 304, headers: {}, body: undefined };
      if (isMissing(error)) throw new MediaMissing(key);
      if (status === 416) {
        const found = await this.head(key);
        throw new RangeNotSatisfiable(found?.size ?? 0);
      }
      throw error;
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
}

/** Sets `key` as the newest entry of `map`, dropping the oldest past `max` (insertion order). */
function remember<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as string);
}

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
}
