// Catalogue routes: the lists, details and detail-page tabs of sets, tracks, IDs, artists and labels,
// and Home's featured lists. Thin: each declares its contract schemas and calls one service function.
// Every route needs a signed-in user.

import { artist } from '@cratedig/contract/artist';
import {
  artistList,
  artistListQuery,
  discoverSetListQuery,
  type FeaturedKind,
  featuredQuery,
  festivalList,
  idListQuery,
  labelList,
  labelListQuery,
  setDetail,
  setList,
  setListQuery,
  trackList,
  trackListQuery,
  venueList,
} from '@cratedig/contract/catalogue-api';
import { errorShape, idParams } from '@cratedig/contract/common';
import { label } from '@cratedig/contract/label';
import { trackDetail } from '@cratedig/contract/track';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { userContext } from '../../lib/service-context';
import * as catalogue from './service';

const errors = { 401: errorShape, 404: errorShape, 422: errorShape, '5xx': errorShape } as const;

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { onRequest: app.authenticate };
  const doc = (summary: string, tag: string) => ({ summary, tags: [tag], security: [{ bearer: [] }] });

  // --- discover lists -----------------------------------------------------------------------------
  const sets = { ...doc('Sets (released date desc by default)', 'sets'), querystring: discoverSetListQuery };
  app.get('/api/sets', { ...guard, schema: { ...sets, response: { 200: setList, ...errors } } }, (req) =>
    catalogue.listSets(userContext(app, req), req.query),
  );
  app.get(
    '/api/sets/favs',
    {
      ...guard,
      schema: { ...sets, summary: "The user's favourite sets", response: { 200: setList, ...errors } },
    },
    (req) => catalogue.listSets(userContext(app, req), req.query, { followedOnly: true }),
  );
  const tracks = {
    ...doc('Released tracks (IDs have their own lists)', 'tracks'),
    querystring: trackListQuery,
  };
  app.get(
    '/api/tracks',
    { ...guard, schema: { ...tracks, response: { 200: trackList, ...errors } } },
    (req) => catalogue.listTracks(userContext(app, req), req.query),
  );
  app.get(
    '/api/tracks/favs',
    {
      ...guard,
      schema: {
        ...tracks,
        summary: "The user's favourite released tracks",
        response: { 200: trackList, ...errors },
      },
    },
    (req) => catalogue.listTracks(userContext(app, req), req.query, { followedOnly: true }),
  );
  const artists = { ...doc('Artists', 'artists'), querystring: artistListQuery };
  app.get(
    '/api/artists',
    { ...guard, schema: { ...artists, response: { 200: artistList, ...errors } } },
    (req) => catalogue.listArtists(userContext(app, req), req.query),
  );
  app.get(
    '/api/artists/followed',
    {
      ...guard,
      schema: { ...artists, summary: 'Artists the user follows', response: { 200: artistList, ...errors } },
    },
    (req) => catalogue.listArtists(userContext(app, req), req.query, { followedOnly: true }),
  );
  const labels = { ...doc('Labels', 'labels'), querystring: labelListQuery };
  app.get(
    '/api/labels',
    { ...guard, schema: { ...labels, response: { 200: labelList, ...errors } } },
    (req) => catalogue.listLabels(userContext(app, req), req.query),
  );
  app.get(
    '/api/labels/followed',
    {
      ...guard,
      schema: { ...labels, summary: 'Labels the user follows', response: { 200: labelList, ...errors } },
    },
    (req) => catalogue.listLabels(userContext(app, req), req.query, { followedOnly: true }),
  );

  // --- details ------------------------------------------------------------------------------------
  const detail = <R extends z.ZodType>(summary: string, tag: string, response: R) => ({
    ...guard,
    schema: { ...doc(summary, tag), params: idParams, response: { 200: response, ...errors } },
  });
  const tab = <Q extends z.ZodType, R extends z.ZodType>(
    summary: string,
    tag: string,
    query: Q,
    response: R,
  ) => ({
    ...guard,
    schema: {
      ...doc(summary, tag),
      params: idParams,
      querystring: query,
      response: { 200: response, ...errors },
    },
  });

  app.get('/api/artists/:id', detail('An artist with founded_label', 'artists', artist), (req) =>
    catalogue.getArtist(userContext(app, req), req.params.id),
  );
  app.get('/api/artists/:id/sets', tab('Sets the artist performs', 'artists', setListQuery, setList), (req) =>
    catalogue.artistSets(userContext(app, req), req.params.id, req.query),
  );
  app.get(
    '/api/artists/:id/tracks',
    tab('Released tracks the artist produced or features on', 'artists', trackListQuery, trackList),
    (req) => catalogue.artistTracks(userContext(app, req), req.params.id, req.query),
  );
  app.get(
    '/api/artists/:id/remixes',
    tab('Released tracks the artist remixed or edited', 'artists', trackListQuery, trackList),
    (req) => catalogue.artistRemixes(userContext(app, req), req.params.id, req.query),
  );
  app.get('/api/artists/:id/ids', tab("The artist's IDs", 'artists', idListQuery, trackList), (req) =>
    catalogue.artistIds(userContext(app, req), req.params.id, req.query),
  );
  app.get(
    '/api/artists/:id/labels',
    tab('Labels of its released tracks and labels it founded', 'artists', labelListQuery, labelList),
    (req) => catalogue.artistLabels(userContext(app, req), req.params.id, req.query),
  );

  app.get('/api/labels/:id', detail('A label with label_boss', 'labels', label), (req) =>
    catalogue.getLabel(userContext(app, req), req.params.id),
  );
  app.get(
    '/api/labels/:id/sets',
    tab('Sets playing its tracks or curated by it', 'labels', setListQuery, setList),
    (req) => catalogue.labelSets(userContext(app, req), req.params.id, req.query),
  );
  app.get('/api/labels/:id/tracks', tab('Its tracks', 'labels', trackListQuery, trackList), (req) =>
    catalogue.labelTracks(userContext(app, req), req.params.id, req.query),
  );
  app.get(
    '/api/labels/:id/artists',
    tab('Artists credited on its tracks', 'labels', artistListQuery, artistList),
    (req) => catalogue.labelArtists(userContext(app, req), req.params.id, req.query),
  );

  app.get(
    '/api/tracks/:id',
    detail('A track or an ID, with its release or where it was first heard', 'tracks', trackDetail),
    (req) => catalogue.getTrack(userContext(app, req), req.params.id),
  );
  app.get('/api/tracks/:id/sets', tab('Sets playing the track', 'tracks', setListQuery, setList), (req) =>
    catalogue.trackSets(userContext(app, req), req.params.id, req.query),
  );

  app.get('/api/sets/:id', detail('A set with its ordered track list', 'sets', setDetail), (req) =>
    catalogue.getSet(userContext(app, req), req.params.id),
  );

  // --- featured (Home) ----------------------------------------------------------------------------
  const featured = <R extends z.ZodType>(kind: FeaturedKind, response: R) => ({
    ...guard,
    schema: {
      ...doc(`Featured ${kind} in editorial order ("most liked recently" when none)`, 'featured'),
      querystring: featuredQuery,
      response: { 200: response, ...errors },
    },
  });
  app.get('/api/featured/sets', featured('sets', setList), (req) =>
    catalogue.featuredSets(userContext(app, req), req.query),
  );
  app.get('/api/featured/tracks', featured('tracks', trackList), (req) =>
    catalogue.featuredTracks(userContext(app, req), req.query),
  );
  app.get('/api/featured/artists', featured('artists', artistList), (req) =>
    catalogue.featuredArtists(userContext(app, req), req.query),
  );
  app.get('/api/featured/labels', featured('labels', labelList), (req) =>
    catalogue.featuredLabels(userContext(app, req), req.query),
  );
  app.get('/api/featured/festivals', featured('festivals', festivalList), (req) =>
    catalogue.featuredFestivals(userContext(app, req), req.query),
  );
  app.get('/api/featured/venues', featured('venues', venueList), (req) =>
    catalogue.featuredVenues(userContext(app, req), req.query),
  );
};
