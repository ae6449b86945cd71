// Listener actions on the player that many test files take: a like of the moment playing.
import type { FastifyInstance } from 'fastify';

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
