// Listener actions on the player that many test files take: a like of the moment playing, and a
// set's signed audio link as the player gets it.
import type { FastifyInstance } from 'fastify';
import type { SignedInUser } from './auth';
import { createSet } from './factories';

/** POST /set-likes: `who` likes second `t` of set `setId` (the call the player's heart makes). */
export const likeMoment = (
  app: FastifyInstance,
  who: { headers: { authorization: string } },
  setId: number,
  t: number,
) =>
  app.inject({
    method: 'POST',
    url: '/api/set-likes',
    headers: who.headers,
    payload: { set_meta_id: setId, set_timestamp: t },
  });

/** A new set with audio at `audioPath`, and its mp3_permalink as a client gets it: from its queue item. */
export async function permalinkFor(
  app: FastifyInstance,
  who: SignedInUser,
  audioPath: string,
): Promise<string> {
  const set = await createSet(app, { audioPath });
  await app.inject({
    method: 'POST',
    url: '/api/queue',
    headers: who.headers,
    payload: { user_id: who.user.id, set_meta_id: set.id },
  });
  const queue = (await app.inject({ url: '/api/queue', headers: who.headers })).json() as {
    set_meta: { id: number; mp3_permalink: string };
  }[];
  return queue.find((item) => item.set_meta.id === set.id)?.set_meta.mp3_permalink as string;
}
