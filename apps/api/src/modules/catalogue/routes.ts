// Catalogue routes: the lists, details and detail-page tabs of sets, tracks, IDs, artists and labels,
// festivals' and venues' pages, and Home's featured lists. Each call's method, path and schemas come from the contract's table of
// calls; a route here is its handler, one service call. Every route needs a signed-in user, and only
// reads (from a read replica where there is one, plugins/read-your-writes.ts).
import { calls } from '@cratedig/contract/calls';
import type { FestivalDetail, VenueDetail } from '@cratedig/contract/place';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { readContext } from '../../plugins/service-context';
import * as catalogue from './service';

export const catalogueRoutes: FastifyPluginAsync = async (app) => {
  // every call here only reads: from the read replica when there is one and it may answer the caller
  const user = (req: Parameters<typeof readContext>[1]) => readContext(app, req);
  const { sets, tracks, artists, labels, festivals, venues, featured } = calls;

  // --- discover lists -----------------------------------------------------------------------------
  route(app, sets.list, (req) => catalogue.listSets(user(req), req.query));
  route(app, sets.favs, (req) => catalogue.listSets(user(req), req.query, { followedOnly: true }));
  route(app, tracks.list, (req) => catalogue.listTracks(user(req), req.query));
  route(app, tracks.favs, (req) => catalogue.listTracks(user(req), req.query, { followedOnly: true }));
  route(app, artists.list, (req) => catalogue.listArtists(user(req), req.query));
  route(app, artists.followed, (req) => catalogue.listArtists(user(req), req.query, { followedOnly: true }));
  route(app, labels.list, (req) => catalogue.listLabels(user(req), req.query));
  route(app, labels.followed, (req) => catalogue.listLabels(user(req), req.query, { followedOnly: true }));

  // --- details and their tabs ---------------------------------------------------------------------
  route(app, artists.detail, (req) => catalogue.getArtist(user(req), req.params.id));
  route(app, artists.sets, (req) => catalogue.artistSets(user(req), req.params.id, req.query));
  route(app, artists.tracks, (req) => catalogue.artistTracks(user(req), req.params.id, req.query));
  route(app, artists.remixes, (req) => catalogue.artistRemixes(user(req), req.params.id, req.query));
  route(app, artists.ids, (req) => catalogue.artistIds(user(req), req.params.id, req.query));
  route(app, artists.labels, (req) => catalogue.artistLabels(user(req), req.params.id, req.query));

  route(app, labels.detail, (req) => catalogue.getLabel(user(req), req.params.id));
  route(app, labels.sets, (req) => catalogue.labelSets(user(req), req.params.id, req.query));
  route(app, labels.tracks, (req) => catalogue.labelTracks(user(req), req.params.id, req.query));
  route(app, labels.artists, (req) => catalogue.labelArtists(user(req), req.params.id, req.query));

  route(app, tracks.detail, (req) => catalogue.getTrack(user(req), req.params.id));
  route(app, tracks.sets, (req) => catalogue.trackSets(user(req), req.params.id, req.query));
  route(app, sets.detail, (req) => catalogue.getSet(user(req), req.params.id));
  route(app, festivals.detail, (req) =>
    catalogue.getPlace<FestivalDetail>(user(req), 'festivals', req.params.id),
  );
  route(app, venues.detail, (req) => catalogue.getPlace<VenueDetail>(user(req), 'venues', req.params.id));

  // --- featured (Home) ----------------------------------------------------------------------------
  route(app, featured.sets, (req) => catalogue.featuredSets(user(req), req.query));
  route(app, featured.tracks, (req) => catalogue.featuredTracks(user(req), req.query));
  route(app, featured.artists, (req) => catalogue.featuredArtists(user(req), req.query));
  route(app, featured.labels, (req) => catalogue.featuredLabels(user(req), req.query));
  route(app, featured.festivals, (req) => catalogue.featuredFestivals(user(req), req.query));
  route(app, featured.venues, (req) => catalogue.featuredVenues(user(req), req.query));
};
