// Library routes: favourites, likes, follows and purchases, and the profile lists. Each call's method,
// path and schemas come from the contract's table of calls; a route here is its handler, one service
// call. Every route acts as the token's user; none takes a user id in a body.
import { calls } from '@cratedig/contract/calls';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { userContext } from '../../plugins/service-context';
import * as library from './service';

export const libraryRoutes: FastifyPluginAsync = async (app) => {
  const user = (req: Parameters<typeof userContext>[1]) => userContext(app, req);
  const { favs, users, artists, labels, festivals, venues } = calls;

  // --- favourites and likes of sets and tracks ----------------------------------------------------
  route(app, favs.set, (req) => library.toggleSetFav(user(req), req.params.id));
  route(app, favs.track, (req) => library.toggleTrackFav(user(req), req.params.id));
  route(app, favs.setLikesToggle, (req) => library.toggleSetLikes(user(req), req.params.id));
  route(app, favs.trackLikesToggle, (req) => library.toggleTrackLikes(user(req), req.params.id));
  route(app, favs.purchase, (req) => library.purchaseTrack(user(req), req.params.id));

  // --- follows and likes of artists and labels, follows of festivals and venues ------------------
  route(app, artists.follow, (req) => library.toggleFollow(user(req), 'artist', req.params.id));
  route(app, artists.likesToggle, (req) => library.toggleStatsLikes(user(req), 'artist', req.params.id));
  route(app, labels.follow, (req) => library.toggleFollow(user(req), 'label', req.params.id));
  route(app, labels.likesToggle, (req) => library.toggleStatsLikes(user(req), 'label', req.params.id));
  route(app, festivals.follow, (req) => library.toggleFollow(user(req), 'festival', req.params.id));
  route(app, venues.follow, (req) => library.toggleFollow(user(req), 'venue', req.params.id));

  // --- profile lists (only the user's own: service.ts ownLists) ----------------------------------
  route(app, users.sets, (req) => library.likedSets(user(req), req.params.id, req.query));
  route(app, users.tracks, (req) => library.likedTracks(user(req), req.params.id, req.query));
  route(app, users.ids, (req) => library.watchedIds(user(req), req.params.id, req.query));
  route(app, users.artists, (req) => library.likedArtists(user(req), req.params.id, req.query));
  route(app, users.labels, (req) => library.likedLabels(user(req), req.params.id, req.query));
};
