// The three calls of S3's multipart API that s3rver (npm) lacks and that resumable uploads to a bucket
// use (@tus/s3-store): ListParts (how much of an unfinished upload the store holds, asked on every
// resume), AbortMultipartUpload (a cancelled upload) and ListMultipartUploads. They read and change
// s3rver's own folder, where it keeps an upload's parts (<bucket>/._S3rver_uploads/<upload id>/<n>,
// with <n>.md5 and the object's key in `key`), and answer as S3 does, errors included
// (docs/media-storage.md "The real stores"). Path-style requests only, as the tests make.
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

const NS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const xmlText = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c],
  );

const xml = (ctx, status, body) => {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
};

const noSuchUpload = (ctx, uploadId) =>
  xml(
    ctx,
    404,
    `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.</Message><UploadId>${xmlText(uploadId)}</UploadId></Error>`,
  );

/** The upload's folder when it exists and belongs to this key. */
async function uploadFolder(directory, bucket, key, uploadId) {
  if (!/^[0-9a-f]{32}$/.test(uploadId)) return undefined;
  const folder = join(directory, bucket, '._S3rver_uploads', uploadId);
  const stored = await readFile(join(folder, 'key'), 'utf8').catch(() => undefined);
  return stored === key ? folder : undefined;
}

async function partsOf(folder) {
  const names = (await readdir(folder)).filter((name) => /^\d+$/.test(name));
  const parts = [];
  for (const name of names) {
    const [info, md5] = await Promise.all([
      stat(join(folder, name)),
      readFile(join(folder, `${name}.md5`), 'utf8').catch(() => undefined),
    ]);
    // a part still being written has no checksum yet: S3 lists only parts it has whole
    if (md5 === undefined) continue;
    parts.push({ number: Number(name), size: info.size, etag: md5.trim(), modified: info.mtime });
  }
  return parts.sort((a, b) => a.number - b.number);
}

/**
 * Adds the calls to an s3rver made with `directory`, before its own routes. Call before `run()`.
 * @param {import('koa')} server
 * @param {string} directory
 */
export function withMultipartListing(server, directory) {
  server.middleware.unshift(async (ctx, next) => {
    const [, bucket, ...rest] = ctx.path.split('/');
    if (!bucket || !existsSync(join(directory, bucket))) return next();
    const key = rest.map(decodeURIComponent).join('/');
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;

    if (ctx.method === 'GET' && key !== '' && uploadId !== undefined) {
      const folder = await uploadFolder(directory, bucket, key, uploadId);
      if (!folder) return noSuchUpload(ctx, uploadId);
      const marker = Number(ctx.query['part-number-marker'] ?? 0) || 0;
      const max = Math.min(1000, Number(ctx.query['max-parts'] ?? 1000) || 1000);
      const after = (await partsOf(folder)).filter((part) => part.number > marker);
      const page = after.slice(0, max);
      const truncated = after.length > page.length;
      const next = page.length > 0 ? page[page.length - 1].number : marker;
      return xml(
        ctx,
        200,
        `<ListPartsResult xmlns="${NS}"><Bucket>${xmlText(bucket)}</Bucket><Key>${xmlText(key)}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>${marker}</PartNumberMarker><NextPartNumberMarker>${next}</NextPartNumberMarker><MaxParts>${max}</MaxParts><IsTruncated>${truncated}</IsTruncated>${page
          .map(
            (part) =>
              `<Part><PartNumber>${part.number}</PartNumber><LastModified>${part.modified.toISOString()}</LastModified><ETag>"${part.etag}"</ETag><Size>${part.size}</Size></Part>`,
          )
          .join('')}</ListPartsResult>`,
      );
    }

    if (ctx.method === 'DELETE' && key !== '' && uploadId !== undefined) {
      const folder = await uploadFolder(directory, bucket, key, uploadId);
      if (!folder) return noSuchUpload(ctx, uploadId);
      await rm(folder, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }

    if (ctx.method === 'GET' && key === '' && 'uploads' in ctx.query) {
      const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
      const root = join(directory, bucket, '._S3rver_uploads');
      const ids = await readdir(root).catch(() => []);
      const uploads = [];
      for (const id of ids) {
        const key = await readFile(join(root, id, 'key'), 'utf8').catch(() => undefined);
        if (key === undefined || !key.startsWith(prefix)) continue;
        uploads.push({ id, key, initiated: (await stat(join(root, id))).birthtime });
      }
      uploads.sort((a, b) => (a.key === b.key ? a.id.localeCompare(b.id) : a.key < b.key ? -1 : 1));
      return xml(
        ctx,
        200,
        `<ListMultipartUploadsResult xmlns="${NS}"><Bucket>${xmlText(bucket)}</Bucket><Prefix>${xmlText(prefix)}</Prefix><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>${uploads
          .map(
            (upload) =>
              `<Upload><Key>${xmlText(upload.key)}</Key><UploadId>${upload.id}</UploadId><Initiated>${upload.initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`,
          )
          .join('')}</ListMultipartUploadsResult>`,
      );
    }
    return next();
  });
  return server;
}
