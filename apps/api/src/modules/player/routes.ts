// Player routes: the queue, plays and resume positions, moment likes (POST /set-likes) and putting a
// set or track into the likes (PUT /favs/{set,track}/…/likes). Each call's method, path and schemas
// come from the contract's table of calls; a route here is its handler, one service call. All need a
// signed-in user; the signed audio route (audio-routes.ts) and the moments are registered alongside.
import { calls } from '@cratedig/contract/calls';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { userContext } from '../../plugins/service-context';
import { audioRoutes } from './audio-routes';
import { momentsRoutes } from './moments-routes';
import * as player from './service';

export const playerRoutes: FastifyPluginAsync = async (app) => {
  const user = (req: Parameters<typeof userContext>[1]) => userContext(app, req);
  const { queue, plays, likes, tracks } = calls;

  // --- queue --------------------------------------------------------------------------------------
  route(app, queue.list, (req) => player.getQueue(user(req)));
  route(app, queue.add, (req) => player.addToQueue(user(req), req.body));
  route(app, queue.update, (req) => player.updateQueueItem(user(req), req.body));
  route(app, queue.remove, async (req, reply) => {
    await player.removeQueueItem(user(req), req.params.id);
    return reply.code(204).send(null);
  });
  route(app, queue.clear, async (req, reply) => {
    await player.clearQueue(user(req));
    return reply.code(204).send(null);
  });
  route(app, queue.newCurrent, (req) => player.newCurrent(user(req), req.body));
  route(app, queue.next, async (req, reply) => {
    const next = await player.nextInQueue(user(req));
    return next ? next : reply.code(204).send(null);
  });

  // --- plays ----------------------------------------------------------------------------------------
  route(app, plays.save, async (req, reply) => {
    await player.savePlay(user(req), req.body);
    return reply.code(204).send(null);
  });
  route(app, tracks.playTarget, (req) => player.trackPlayTarget(user(req), req.params.track_id));

  // --- moment likes ---------------------------------------------------------------------------------
  route(app, likes.moment, (req) => player.likeMoment(user(req), req.body));
  route(app, likes.set, (req) => player.putSetInLikes(user(req), req.params.id));
  route(app, likes.track, (req) => player.putTrackInLikes(user(req), req.params.trackId));

  await app.register(audioRoutes);
  await app.register(momentsRoutes);
};
