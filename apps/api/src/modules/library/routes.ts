// Library routes (issue 5, spec §7 "Likes, favourites, follows, purchase" and the profile lists):
// thin, each declares its contract schemas and calls one service function. Every route acts as the
// token's user (domain.md); none takes a user id in a body.
import {
  artistList,
  artistListQuery,
  idListQuery,
  labelList,
  labelListQuery,
  setList,
  setListQuery,
  trackList,
  trackListQuery,
} from '@cratedig/contract/catalogue-api';
import { errorShape, idParams } from '@cratedig/contract/common';
import {
  favResult,
  followResult,
  purchaseResult,
  setLikesResult,
  statsLikesResult,
  trackLikesResult,
  userListParams,
} from '@cratedig/contract/library-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireUser } from '../../plugins/auth';
import { signSetPage } from '../player/audio-links';
import * as library from './service';

const errors = {
  401: errorShape,
  403: errorShape,
  404: errorShape,
  422: errorShape,
  '5xx': errorShape,
} as const;

export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const guard = { onRequest: app.authenticate };
  const toggle = <R extends z.ZodType>(summary: string, response: R) => ({
    ...guard,
    schema: {
      summary,
      tags: ['library'],
      security: [{ bearer: [] }],
      params: idParams,
      response: { 200: response, ...errors },
    },
  });

  // --- favourites and likes of sets and tracks (domain.md Favourites table) ----------------------
  app.put('/api/favs/set/:id', toggle("Toggles the set in the user's favourites", favResult), (req) =>
    library.toggleSetFav(db, requireUser(req).id, req.params.id),
  );
  app.put(
    '/api/favs/track/:id',
    toggle("Toggles the track (or ID) in the user's favourites", favResult),
    (req) => library.toggleTrackFav(db, requireUser(req).id, req.params.id),
  );
  app.put(
    '/api/favs/set/:id/likes-toggle',
    toggle("Toggles the set in the user's likes", setLikesResult),
    (req) => library.toggleSetLikes(db, requireUser(req).id, req.params.id),
  );
  app.put(
    '/api/favs/track/:id/likes-toggle',
    toggle("Toggles the track in the user's likes; for an ID, starts or stops watching it", trackLikesResult),
    (req) => library.toggleTrackLikes(db, requireUser(req).id, req.params.id),
  );
  app.put(
    '/api/favs/track/:id/purchase',
    toggle('Marks the track purchased (idempotent)', purchaseResult),
    (req) => library.purchaseTrack(db, requireUser(req).id, req.params.id),
  );

  // --- follows and likes of artists and labels ---------------------------------------------------
  for (const kind of ['artist', 'label'] as const) {
    app.put(
      `/api/stats/${kind}/:id/follow`,
      toggle(`Follows or unfollows the ${kind}`, followResult),
      (req) => library.toggleFollow(db, requireUser(req).id, kind, req.params.id),
    );
    app.put(
      `/api/stats/${kind}/:id/likes-toggle`,
      toggle(`Toggles the ${kind} in the user's likes`, statsLikesResult),
      (req) => library.toggleStatsLikes(db, requireUser(req).id, kind, req.params.id),
    );
  }

  // --- profile lists (only the user's own: service.ts ownLists) ----------------------------------
  const profile = <Q extends z.ZodType, R extends z.ZodType>(summary: string, query: Q, response: R) => ({
    ...guard,
    schema: {
      summary,
      tags: ['library'],
      security: [{ bearer: [] }],
      params: userListParams,
      querystring: query,
      response: { 200: response, ...errors },
    },
  });
  app.get('/api/users/:id/sets', profile('Liked Sets', setListQuery, setList), async (req) => {
    const userId = requireUser(req).id;
    // domain.md Player: every set's mp3_permalink is signed for the caller
    return signSetPage(app.config, userId, await library.likedSets(db, userId, req.params.id, req.query));
  });
  app.get('/api/users/:id/tracks', profile('Liked Tracks (released)', trackListQuery, trackList), (req) =>
    library.likedTracks(db, requireUser(req).id, req.params.id, req.query),
  );
  app.get('/api/users/:id/ids', profile('Watched IDs', idListQuery, trackList), (req) =>
    library.watchedIds(db, requireUser(req).id, req.params.id, req.query),
  );
  app.get('/api/users/:id/artists', profile('Liked Artists', artistListQuery, artistList), (req) =>
    library.likedArtists(db, requireUser(req).id, req.params.id, req.query),
  );
  app.get('/api/users/:id/labels', profile('Liked Labels', labelListQuery, labelList), (req) =>
    library.likedLabels(db, requireUser(req).id, req.params.id, req.query),
  );
};
