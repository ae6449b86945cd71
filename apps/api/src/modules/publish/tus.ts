// The tus endpoint DJs upload their recordings to (docs/publishing.md "Uploading"): @tus/server over
// the upload store (a folder of this machine, or the media's bucket: upload-store.ts), behind
// Cratedig's own checks. Every request is signed in; an upload is its owner's only (another user's
// answers 404, as one that does not exist); a creation is refused from its declared length, before a
// byte is stored, when it breaks a limit; the bytes stream to the store, never held whole in memory;
// one request at a time writes an upload, whichever instance it reaches (upload-lock.ts). When the
// last byte arrives the draft turns `processing` and the processing job is queued.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { formatBytes, PUBLISH_UPLOAD_PATH, publishMessages } from '@cratedig/contract/publish-api';
import { Server } from '@tus/server';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { HttpError, notFound } from '../../lib/http-errors';
import { requireUser } from '../../plugins/auth';
import { errorBody } from '../../plugins/errors';
import { giveBack, take } from '../accounts/rate-limit-service';
import { deleteUpload, insertUpload, ownUpload, updateUpload, usageOf } from './queries';
import { UploadLocker } from './upload-lock';
import { DRAFT_ID, type UploadStore, uploadStoreOf } from './upload-store';

/** Bytes buffered from the request before they are handed to the store. */
const WRITE_BUFFER_BYTES = 4 * 1024 * 1024;

/** Room kept free on the uploads' disk beyond a new upload's declared length. */
const DISK_MARGIN_BYTES = 256 * 1024 * 1024;
const NAME_MAX = 255;

/** What the processing job is told: a draft whose bytes are all here. */
export type QueueProcessing = (uploadId: string) => Promise<void>;

/** Upload-Metadata: comma-separated `key base64value` pairs (tus 1.0 §Upload-Metadata). */
export function parseMetadata(header: string | undefined): Map<string, string> | undefined {
  const out = new Map<string, string>();
  if (header === undefined || header.trim() === '') return out;
  for (const pair of header.split(',')) {
    const [key, value, extra] = pair.trim().split(' ');
    if (!key || extra !== undefined || !/^[A-Za-z0-9_.-]{1,64}$/.test(key)) return undefined;
    if (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return undefined;
    out.set(key, value === undefined ? '' : Buffer.from(value, 'base64').toString('utf8'));
  }
  return out;
}

/** The name the owner sees for a file: its base name as sent, without control characters. */
function fileNameOf(metadata: Map<string, string>): string {
  const raw = metadata.get('filename') ?? metadata.get('name') ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters are what is removed
  const clean = (raw.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'recording').slice(0, NAME_MAX);
}

/** A refusal of the creation; `header` names the request header at fault, for the record. */
const refuse = (status: number, message: string, _header?: string) => new HttpError(status, message);

/**
 * The checks of a creation, from its headers alone: the declared length, the limits of the user, and
 * the room on the disk. Made under a lock of the user, so two creations at once cannot both pass
 * "one at a time"; the draft is inserted in the same transaction.
 */
async function createDraft(
  db: Db,
  appConfig: AppConfig,
  uploads: UploadStore,
  userId: number,
  request: FastifyRequest,
): Promise<string> {
  const config = appConfig.publish;
  const headers = request.headers;
  if (headers['upload-defer-length'] !== undefined)
    throw refuse(400, "Declare the file's length when the upload begins.", 'upload-defer-length');
  const declared = String(headers['upload-length'] ?? '');
  if (!/^\d{1,15}$/.test(declared))
    throw refuse(400, "Declare the file's length (Upload-Length) in bytes.", 'upload-length');
  const size = Number(declared);
  if (size === 0) throw refuse(422, publishMessages.empty, 'upload-length');
  if (size > config.maxFileBytes) throw refuse(413, publishMessages.tooBig(formatBytes(config.maxFileBytes)));
  const metadata = parseMetadata(headers['upload-metadata'] as string | undefined);
  if (!metadata) throw refuse(400, 'Upload-Metadata is not tus metadata.', 'upload-metadata');
  const room = await uploads.room();
  if (room < size + DISK_MARGIN_BYTES)
    throw new HttpError(507, publishMessages.noRoom, undefined, { 'retry-after': '600' });
  const id = randomBytes(16).toString('hex');
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cratedig upload'), ${userId})`);
    const usage = await usageOf(tx, userId);
    if (usage.uploading > 0) throw refuse(409, publishMessages.oneAtATime);
    if (usage.bytes + size > config.bytesPerUser)
      throw refuse(413, publishMessages.quota(formatBytes(config.bytesPerUser)));
  });
  // counted in 24 hours, uploads deleted since included; refused with Retry-After when it is spent
  const limit = appConfig.auth.limits.upload;
  const taken = await take(
    db,
    [{ bucket: 'upload', key: String(userId), limit }],
    publishMessages.perDay(limit.max),
  );
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cratedig upload'), ${userId})`);
      // checked again under the lock: another creation may have passed the first look meanwhile
      const usage = await usageOf(tx, userId);
      if (usage.uploading > 0) throw refuse(409, publishMessages.oneAtATime);
      if (usage.bytes + size > config.bytesPerUser)
        throw refuse(413, publishMessages.quota(formatBytes(config.bytesPerUser)));
      await insertUpload(tx, { id, ownerId: userId, fileName: fileNameOf(metadata), sizeBytes: size });
    });
  } catch (error) {
    await giveBack(db, taken);
    throw error;
  }
  return id;
}

/** A creation's draft id, set before tus sees the request (the naming function reads it back). */
const draftIds = new WeakMap<Request, string>();

/**
 * The request as tus reads it: a web Request whose body streams the incoming bytes through a buffer
 * of WRITE_BUFFER_BYTES (the default takes them one packet at a time).
 */
function webRequestOf(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const carriesBody =
    (request.method === 'PATCH' || request.method === 'POST') &&
    (request.headers['content-length'] ?? '0') !== '0';
  const body = carriesBody
    ? (Readable.toWeb(request.raw, {
        strategy: new ByteLengthQueuingStrategy({ highWaterMark: WRITE_BUFFER_BYTES }),
      }) as unknown as ReadableStream<Uint8Array>)
    : null;
  return new Request(`http://${request.headers.host ?? 'localhost'}${request.url}`, {
    method: request.method,
    headers,
    body,
    ...(body ? { duplex: 'half' } : {}),
  } as RequestInit);
}

/** tus's answer, sent through Fastify (its hooks, its log line). */
async function sendAnswer(reply: FastifyReply, answer: Response): Promise<FastifyReply> {
  reply.code(answer.status);
  answer.headers.forEach((value, name) => {
    if (name !== 'content-length') reply.header(name, value);
  });
  const body = answer.body ? Buffer.from(await answer.arrayBuffer()) : undefined;
  return reply.send(body && body.length > 0 ? body : undefined);
}

/**
 * The OpenAPI description of a tus route: tus's own headers and bodies, outside the JSON calls (the
 * upload's id in the path is checked by the handler: another's or a malformed one is not found).
 */
function doc(operationId: string, summary: string, _withId = false) {
  return { operationId, summary, tags: ['publishing'], security: [{ bearer: [] }] };
}

export async function registerTusUploads(
  app: FastifyInstance,
  deps: { config: AppConfig; queueProcessing: QueueProcessing },
): Promise<void> {
  const { queueProcessing } = deps;
  const config = deps.config.publish;
  const uploads = uploadStoreOf(config, app.media);
  // made on the first upload request (an app that never receives an upload never makes its store)
  let server: Promise<Server> | undefined;
  const tusServer = (): Promise<Server> => {
    // a failure (the folder cannot be made) is tried again by the next request
    server ??= makeServer().catch((error) => {
      server = undefined;
      throw error;
    });
    return server;
  };
  const makeServer = async () => {
    const tus = new Server({
      path: PUBLISH_UPLOAD_PATH,
      datastore: await uploads.datastore(),
      locker: new UploadLocker(app.db, uploads.draftOf),
      relativeLocation: true,
      maxSize: config.maxFileBytes,
      namingFunction: (req) => {
        const id = draftIds.get(req as unknown as Request);
        if (!id) throw { status_code: 500, body: 'An upload was created without its draft.' };
        return uploads.uploadId(id);
      },
      // the URL names the draft; the store may know its upload by a longer key
      generateUrl: (_req, { path, id }) => `${path}/${uploads.draftOf(id)}`,
      getFileIdFromRequest: (_req, last) =>
        last && DRAFT_ID.test(last) ? uploads.uploadId(last) : undefined,
      // the disk filled up while the bytes came: the client hears why, the draft stays unfinished (and
      // is removed with its bytes if nobody resumes it)
      onResponseError: (_req, err) =>
        (err as NodeJS.ErrnoException).code === 'ENOSPC'
          ? { status_code: 507, body: JSON.stringify(errorBody(507, publishMessages.noRoom)) }
          : undefined,
      // progress while the bytes come: the owner's pages show it (at most every 2 s)
      postReceiveInterval: 2000,
      onUploadFinish: async (_req, upload) => {
        const id = uploads.draftOf(upload.id);
        const row = await updateUpload(app.db, id, {
          received_bytes: upload.size,
          state: 'processing',
          step: 'probe',
          progress: 0,
        });
        if (row) await queueProcessing(id);
        return {};
      },
    });
    tus.on('POST_RECEIVE', (_req: unknown, upload: { id: string; offset: number; size?: number }) => {
      updateUpload(app.db, uploads.draftOf(upload.id), {
        received_bytes: Math.min(upload.offset, upload.size ?? upload.offset),
      }).catch((err) => app.log.warn({ err }, 'upload progress not recorded'));
    });
    return tus;
  };

  await app.register(async (scope) => {
    // the bytes are tus's to read, as they stream; nothing here buffers them
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    const hand = async (request: FastifyRequest, reply: FastifyReply, draftId?: string) => {
      const web = webRequestOf(request);
      if (draftId) draftIds.set(web, draftId);
      return await sendAnswer(reply, await (await tusServer()).handleWeb(web));
    };

    scope.post(
      PUBLISH_UPLOAD_PATH,
      {
        onRequest: app.authenticate,
        schema: doc(
          'uploadCreate',
          "Creates an upload (tus creation): Upload-Length declares the file's size; answers its URL in Location",
        ),
      },
      async (request, reply) => {
        const user = requireUser(request);
        const tus = await tusServer();
        const id = await createDraft(app.db, deps.config, uploads, user.id, request);
        let created = false;
        try {
          const web = webRequestOf(request);
          draftIds.set(web, id);
          const answer = await tus.handleWeb(web);
          created = answer.status === 201;
          return await sendAnswer(reply, answer);
        } finally {
          // tus refused what our checks let through: no draft without its upload
          if (!created) {
            await deleteUpload(app.db, id).catch(() => {});
            await uploads.remove(id).catch(() => {});
          }
        }
      },
    );

    const owned = async (request: FastifyRequest) => {
      const user = requireUser(request);
      const { id } = request.params as { id: string };
      if (!DRAFT_ID.test(id)) throw notFound('Upload');
      const row = await ownUpload(app.db, user.id, id);
      if (!row) throw notFound('Upload');
      return row;
    };
    for (const method of ['HEAD', 'PATCH'] as const) {
      scope.route({
        method,
        url: `${PUBLISH_UPLOAD_PATH}/:id`,
        onRequest: app.authenticate,
        schema:
          method === 'HEAD'
            ? doc(
                'uploadOffset',
                'How many bytes of the upload the server has (Upload-Offset): where to resume',
                true,
              )
            : doc('uploadAppend', 'Appends bytes at Upload-Offset (application/offset+octet-stream)', true),
        handler: async (request, reply) => {
          const row = await owned(request);
          if (method === 'PATCH' && row.state !== 'uploading')
            throw new HttpError(409, 'This upload is complete: nothing more can be added to it.');
          return await hand(request, reply);
        },
      });
    }
    // termination: the draft and its bytes go, whatever state it was in before publishing
    scope.delete(
      `${PUBLISH_UPLOAD_PATH}/:id`,
      {
        onRequest: app.authenticate,
        schema: doc(
          'uploadCancel',
          'Cancels an unfinished or failed upload: its draft and bytes go (tus termination)',
          true,
        ),
      },
      async (request, reply) => {
        const row = await owned(request);
        if (row.state !== 'uploading' && row.state !== 'failed')
          throw new HttpError(409, 'This upload is complete: delete the set from My sets instead.');
        await deleteUpload(app.db, row.id);
        await uploads.remove(row.id);
        return reply.code(204).header('tus-resumable', '1.0.0').send();
      },
    );
    // tus clients may ask what the server offers
    scope.options(
      PUBLISH_UPLOAD_PATH,
      {
        schema: {
          ...doc('uploadOptions', "What the server's tus endpoint offers: version, extensions, largest size"),
          security: [],
        },
      },
      async (request, reply) => hand(request, reply),
    );
  });
}
