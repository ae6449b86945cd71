// A DJ's drafts for API tests of the owner's calls: a draft ready to publish (its rendition stored in
// the app's media store as processing leaves it) without sending bytes over tus, and the calls
// themselves, answered as JSON.
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { MySet, PublishDetails } from '@cratedig/contract/publish-api';
import type { FastifyInstance } from 'fastify';
import { insertUpload, updateUpload } from '../modules/publish/queries';
import { makeTempDir } from './app';
import type { SignedInUser } from './auth';
import { writeMp3 } from './import-fixtures';

/** Complete details, with `overrides`. */
export function detailsOf(overrides: Partial<PublishDetails> = {}): PublishDetails {
  return {
    set_name: 'Sunrise at the Lake',
    djs: ['Test DJ'],
    recorded_date: '2024-06-01',
    genre: 'Techno',
    festival: null,
    venue: null,
    tracklist: '',
    ...overrides,
  };
}

/**
 * A draft of `user` ready to publish: an MP3 rendition of `seconds` stored under its key, and
 * `details` when given (none by default).
 */
export async function readyDraft(
  app: FastifyInstance,
  user: SignedInUser,
  options: { seconds?: number; details?: PublishDetails } = {},
): Promise<string> {
  const id = randomBytes(16).toString('hex');
  const file = join(makeTempDir('cratedig-draft-'), `${id}.mp3`);
  writeMp3(file, options.seconds ?? 600);
  const key = `audio/sets/published/${id}.mp3`;
  await app.media.putFile(key, file, 'audio/mpeg');
  const size = statSync(file).size;
  await insertUpload(app.db, { id, ownerId: user.user.id, fileName: 'set.mp3', sizeBytes: size });
  await updateUpload(app.db, id, {
    state: 'ready',
    received_bytes: size,
    format: 'mp3',
    duration_ms: (options.seconds ?? 600) * 1000,
    rendition_key: key,
  });
  if (options.details) {
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/publish/sets/${id}/details`,
      headers: user.headers,
      payload: options.details,
    });
    if (saved.statusCode !== 200) throw new Error(`details refused: ${saved.statusCode} ${saved.body}`);
  }
  return id;
}

/** The owner's calls on one draft, each answering the status and the JSON body. */
export function ownerCalls(app: FastifyInstance, user: SignedInUser) {
  const call = async (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
    const res = await app.inject({
      method,
      url,
      headers: user.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read the answers' fields they check
    return { status: res.statusCode, body: (res.body ? res.json() : undefined) as any };
  };
  const at = (id: string) => `/api/publish/sets/${id}`;
  return {
    detail: (id: string) => call('GET', at(id)),
    details: (id: string, details: PublishDetails) => call('PUT', `${at(id)}/details`, details),
    preview: (id: string, tracklist: string) => call('POST', `${at(id)}/tracklist-preview`, { tracklist }),
    publish: (id: string) => call('POST', `${at(id)}/publish`),
    unpublish: (id: string) => call('POST', `${at(id)}/unpublish`),
    remove: (id: string) => call('DELETE', at(id)),
    recognised: (id: string) => call('GET', `${at(id)}/recognised`),
    accept: (id: string, body: object = {}) => call('POST', `${at(id)}/recognised`, body),
    /** Publishes a ready draft and answers its public set's id. */
    async published(id: string): Promise<number> {
      const res = await call('POST', `${at(id)}/publish`);
      if (res.status !== 200) throw new Error(`publish refused: ${res.status} ${JSON.stringify(res.body)}`);
      return (res.body as MySet).set_id as number;
    },
  };
}
