// Library routes: favourites, likes, follows and purchases, and the profile lists. Thin: each declares
// its contract schemas and calls one service function. Every route acts as the token's user; none takes
// a user id in a body.
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
import { userContext } from '../../lib/service-context';
import * as library from './service';

const errors = {
  401: errorShape,
  403: errorShape,
  404: errorShape,
  422: errorShape,
  '5xx': errorShape,
} as const;

export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
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
    library.toggleSetFav(userContext(app, req), req.params.id),
  );
  app.put(
    '/api/favs/track/:id',
    toggle("Toggles the track (or ID) in the user's favourites", favResult),
    (req) => library.toggleTrackFav(userContext(app, req), req.params.id),
  );
  app.put(
    '/api/favs/set/:id/likes-toggle',
    toggle("Toggles the set in the user's likes", setLikesResult),
    (req) => library.toggleSetLikes(userContext(app, req), req.params.id),
  );
  app.put(
    '/api/favs/track/:id/likes-toggle',
    toggle("Toggles the track in the user's likes; for an ID, starts or stops watching it", trackLikesResult),
    (req) => library.toggleTrackLikes(userContext(app, req), req.params.id),
  );
  app.put(
    '/api/favs/track/:id/purchase',
    toggle('Marks the track purchased (idempotent)', purchaseResult),
    (req) => library.purchaseTrack(userContext(app, req), req.params.id),
  );

  // --- follows and likes of artists and labels ---------------------------------------------------
  for (const kind of ['artist', 'label'] as const) {
    app.put(
      `/api/stats/${kind}/:id/follow`,
      toggle(`Follows or unfollows the ${kind}`, followResult),
      (req) => library.toggleFollow(userContext(app, req), kind, req.params.id),
    );
    app.put(
      `/api/stats/${kind}/:id/likes-toggle`,
      toggle(`Toggles the ${kind} in the user's likes`, statsLikesResult),
      (req) => library.toggleStatsLikes(userContext(app, req), kind, req.params.id),
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
  app.get('/api/users/:id/sets', profile('Liked Sets', setListQuery, setList), (req) =>
    library.likedSets(userContext(app, req), req.params.id, req.query),
  );
  app.get('/api/users/:id/tracks', profile('Liked Tracks (released)', trackListQuery, trackList), (req) =>
    library.likedTracks(userContext(app, req), req.params.id, req.query),
  );
  app.get('/api/users/:id/ids', profile('Watched IDs', idListQuery, trackList), (req) =>
    library.watchedIds(userContext(app, req), req.params.id, req.query),
  );
  app.get('/api/users/:id/artists', profile('Liked Artists', artistListQuery, artistList), (req) =>
    library.likedArtists(userContext(app, req), req.params.id, req.query),
  );
  app.get('/api/users/:id/labels', profile('Liked Labels', labelListQuery, labelList), (req) =>
    library.likedLabels(userContext(app, req), req.params.id, req.query),
  );
};
