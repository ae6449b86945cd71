// Player routes: the queue, plays and resume positions, moment likes (POST /set-likes) and putting a
// set or track into the likes (PUT /favs/{set,track}/…/likes). Thin: each declares its contract schemas and calls one service function. All need a
// signed-in user; the signed audio route (audio-routes.ts) is registered alongside.
import { errorShape, idParams } from '@cratedig/contract/common';
import {
  playBody,
  queueAddBody,
  queueList,
  queueNewCurrentBody,
  queueUpdateBody,
  setLikeBody,
  setLikeResponse,
  setLikesResponse,
  trackIdParams,
  trackLikesResponse,
  trackPlayParams,
} from '@cratedig/contract/player-api';
import { queueItem } from '@cratedig/contract/queue';
import { trackPlayTarget } from '@cratedig/contract/track';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userContext } from '../../lib/service-context';
import { audioRoutes } from './audio-routes';
import { momentsRoutes } from './moments-routes';
import * as player from './service';

const errors = {
  401: errorShape,
  403: errorShape,
  404: errorShape,
  422: errorShape,
  '5xx': errorShape,
} as const;
const noContent = z.null().describe('No content');

export const playerRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { onRequest: app.authenticate };
  const doc = (summary: string) => ({ summary, tags: ['player'], security: [{ bearer: [] }] });

  // --- queue --------------------------------------------------------------------------------------
  app.get(
    '/api/queue',
    { ...guard, schema: { ...doc("The user's queue, in order"), response: { 200: queueList, ...errors } } },
    (req) => player.getQueue(userContext(app, req)),
  );
  app.post(
    '/api/queue',
    {
      ...guard,
      schema: {
        ...doc(`Append a set (404 "${player.ALREADY_QUEUED}" when it is queued already)`),
        body: queueAddBody,
        response: { 200: queueItem, ...errors },
      },
    },
    (req) => player.addToQueue(userContext(app, req), req.body),
  );
  app.put(
    '/api/queue',
    {
      ...guard,
      schema: {
        ...doc('Move an item to `order` (the others shift) and set its is_current; answers the queue'),
        body: queueUpdateBody,
        response: { 200: queueList, ...errors },
      },
    },
    (req) => player.updateQueueItem(userContext(app, req), req.body),
  );
  app.delete(
    '/api/queue/:id',
    {
      ...guard,
      schema: { ...doc('Remove one item'), params: idParams, response: { 204: noContent, ...errors } },
    },
    async (req, reply) => {
      await player.removeQueueItem(userContext(app, req), req.params.id);
      return reply.code(204).send(null);
    },
  );
  app.delete(
    '/api/queue',
    { ...guard, schema: { ...doc('Clear the queue'), response: { 204: noContent, ...errors } } },
    async (req, reply) => {
      await player.clearQueue(userContext(app, req));
      return reply.code(204).send(null);
    },
  );
  app.put(
    '/api/queue/new-current',
    {
      ...guard,
      schema: {
        ...doc(
          'Play a set: it becomes the current item right after the one playing (inserted when not queued, moved when queued)',
        ),
        body: queueNewCurrentBody,
        response: { 200: queueItem, ...errors },
      },
    },
    (req) => player.newCurrent(userContext(app, req), req.body),
  );
  app.put(
    '/api/queue/next',
    {
      ...guard,
      schema: {
        ...doc('Advance: the item after the current one becomes current (204 at the end)'),
        response: { 200: queueItem, 204: noContent, ...errors },
      },
    },
    async (req, reply) => {
      const next = await player.nextInQueue(userContext(app, req));
      return next ? next : reply.code(204).send(null);
    },
  );

  // --- plays ----------------------------------------------------------------------------------------
  app.put(
    '/api/plays',
    {
      ...guard,
      schema: {
        ...doc('Save the resume position and count a play (at most one per user and set per hour)'),
        body: playBody,
        response: { 204: noContent, ...errors },
      },
    },
    async (req, reply) => {
      await player.savePlay(userContext(app, req), req.body);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/api/set_tracks/play/:track_id',
    {
      ...guard,
      schema: {
        ...doc('Where to play a track: the most played set containing it and its start_time'),
        params: trackPlayParams,
        response: { 200: trackPlayTarget, ...errors },
      },
    },
    (req) => player.trackPlayTarget(userContext(app, req), req.params.track_id),
  );

  // --- moment likes ---------------------------------------------------------------------------------
  app.post(
    '/api/set-likes',
    {
      ...guard,
      schema: {
        ...doc('Like a moment of a set; the set track playing then gets the like too'),
        body: setLikeBody,
        response: { 200: setLikeResponse, ...errors },
      },
    },
    (req) => player.likeMoment(userContext(app, req), req.body),
  );
  app.put(
    '/api/favs/set/:id/likes',
    {
      ...guard,
      schema: {
        ...doc("Put the set into the user's likes"),
        params: idParams,
        response: { 200: setLikesResponse, ...errors },
      },
    },
    (req) => player.putSetInLikes(userContext(app, req), req.params.id),
  );
  app.put(
    '/api/favs/track/:trackId/likes',
    {
      ...guard,
      schema: {
        ...doc("Put the track into the user's likes"),
        params: trackIdParams,
        response: { 200: trackLikesResponse, ...errors },
      },
    },
    (req) => player.putTrackInLikes(userContext(app, req), req.params.trackId),
  );

  await app.register(audioRoutes);
  await app.register(momentsRoutes);
};
