import type { FastifyRequest } from 'fastify';
// Catalogue routes (spec §7 "Lists and details", issue 4): thin, each declares its contract schemas and
// calls one service function. Every route needs a signed-in user (spec §6, domain.md).

import { artist } from '@cratedig/contract/artist';
import {
  artistList,
  artistListQuery,
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
import { requireUser } from '../../plugins/auth';
import { signSetAudio, signSetPage } from '../player/audio-links';
import * as catalogue from './service';

const errors = { 401: errorShape, 404: errorShape, 422: errorShape, '5xx': errorShape } as const;

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const guard = { onRequest: app.authenticate };
  const doc = (summary: string, tag: string) => ({ summary, tags: [tag], security: [{ bearer: [] }] });

  // --- discover lists -----------------------------------------------------------------------------
  const sets = { ...doc('Sets (released date desc by default)', 'sets'), querystring: setListQuery };
  // Every set carries an mp3_permalink signed for the caller (domain.md Player).
  const signedSets = async <P extends Parameters<typeof signSetPage>[2]>(
    req: FastifyRequest,
    load: (userId: number) => Promise<P>,
  ) => {
    const userId = requireUser(req).id;
    return signSetPage(app.config, userId, await load(userId));
  };
  app.get('/api/sets', { ...guard, schema: { ...sets, response: { 200: setList, ...errors } } }, (req) =>
    signedSets(req, (userId) => catalogue.listSets(db, userId, req.query)),
  );
  app.get(
    '/api/sets/favs',
    {
      ...guard,
      schema: { ...sets, summary: "The user's favourite sets", response: { 200: setList, ...errors } },
    },
    (req) => signedSets(req, (userId) => catalogue.listSets(db, userId, req.query, { followedOnly: true })),
  );
  const tracks = {
    ...doc('Released tracks (IDs have their own lists)', 'tracks'),
    querystring: trackListQuery,
  };
  app.get(
    '/api/tracks',
    { ...guard, schema: { ...tracks, response: { 200: trackList, ...errors } } },
    (req) => catalogue.listTracks(db, requireUser(req).id, req.query),
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
    (req) => catalogue.listTracks(db, requireUser(req).id, req.query, { followedOnly: true }),
  );
  const artists = { ...doc('Artists', 'artists'), querystring: artistListQuery };
  app.get(
    '/api/artists',
    { ...guard, schema: { ...artists, response: { 200: artistList, ...errors } } },
    (req) => catalogue.listArtists(db, requireUser(req).id, req.query),
  );
  app.get(
    '/api/artists/followed',
    {
      ...guard,
      schema: { ...artists, summary: 'Artists the user follows', response: { 200: artistList, ...errors } },
    },
    (req) => catalogue.listArtists(db, requireUser(req).id, req.query, { followedOnly: true }),
  );
  const labels = { ...doc('Labels', 'labels'), querystring: labelListQuery };
  app.get(
    '/api/labels',
    { ...guard, schema: { ...labels, response: { 200: labelList, ...errors } } },
    (req) => catalogue.listLabels(db, requireUser(req).id, req.query),
  );
  app.get(
    '/api/labels/followed',
    {
      ...guard,
      schema: { ...labels, summary: 'Labels the user follows', response: { 200: labelList, ...errors } },
    },
    (req) => catalogue.listLabels(db, requireUser(req).id, req.query, { followedOnly: true }),
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
    catalogue.getArtist(db, requireUser(req).id, req.params.id),
  );
  app.get('/api/artists/:id/sets', tab('Sets the artist performs', 'artists', setListQuery, setList), (req) =>
    signedSets(req, (userId) => catalogue.artistSets(db, userId, req.params.id, req.query)),
  );
  app.get(
    '/api/artists/:id/tracks',
    tab('Released tracks the artist produced or features on', 'artists', trackListQuery, trackList),
    (req) => catalogue.artistTracks(db, requireUser(req).id, req.params.id, req.query),
  );
  app.get(
    '/api/artists/:id/remixes',
    tab('Released tracks the artist remixed or edited', 'artists', trackListQuery, trackList),
    (req) => catalogue.artistRemixes(db, requireUser(req).id, req.params.id, req.query),
  );
  app.get('/api/artists/:id/ids', tab("The artist's IDs", 'artists', idListQuery, trackList), (req) =>
    catalogue.artistIds(db, requireUser(req).id, req.params.id, req.query),
  );
  app.get(
    '/api/artists/:id/labels',
    tab('Labels of its released tracks and labels it founded', 'artists', labelListQuery, labelList),
    (req) => catalogue.artistLabels(db, requireUser(req).id, req.params.id, req.query),
  );

  app.get('/api/labels/:id', detail('A label with label_boss', 'labels', label), (req) =>
    catalogue.getLabel(db, requireUser(req).id, req.params.id),
  );
  app.get(
    '/api/labels/:id/sets',
    tab('Sets playing its tracks or curated by it', 'labels', setListQuery, setList),
    (req) => signedSets(req, (userId) => catalogue.labelSets(db, userId, req.params.id, req.query)),
  );
  app.get('/api/labels/:id/tracks', tab('Its tracks', 'labels', trackListQuery, trackList), (req) =>
    catalogue.labelTracks(db, requireUser(req).id, req.params.id, req.query),
  );
  app.get(
    '/api/labels/:id/artists',
    tab('Artists credited on its tracks', 'labels', artistListQuery, artistList),
    (req) => catalogue.labelArtists(db, requireUser(req).id, req.params.id, req.query),
  );

  app.get(
    '/api/tracks/:id',
    detail('A track or an ID, with its release or where it was first heard', 'tracks', trackDetail),
    (req) => catalogue.getTrack(db, requireUser(req).id, req.params.id),
  );
  app.get('/api/tracks/:id/sets', tab('Sets playing the track', 'tracks', setListQuery, setList), (req) =>
    signedSets(req, (userId) => catalogue.trackSets(db, userId, req.params.id, req.query)),
  );

  app.get('/api/sets/:id', detail('A set with its ordered track list', 'sets', setDetail), async (req) => {
    const userId = requireUser(req).id;
    // domain.md Player: mp3_permalink is a link signed for this user that expires (player module)
    return signSetAudio(app.config, userId, await catalogue.getSet(db, userId, req.params.id));
  });

  // --- featured (Home) ----------------------------------------------------------------------------
  const loadFeatured = async (req: FastifyRequest, kind: FeaturedKind) => {
    const userId = requireUser(req).id;
    const page = await catalogue.featured<{ mp3_permalink: string | null }>(
      db,
      userId,
      kind,
      req.query as never,
    );
    return kind === 'sets' ? signSetPage(app.config, userId, page) : page;
  };
  const featured = <R extends z.ZodType>(kind: FeaturedKind, response: R) =>
    app.get(
      `/api/featured/${kind}`,
      {
        ...guard,
        schema: {
          ...doc(`Featured ${kind} in editorial order ("most liked recently" when none)`, 'featured'),
          querystring: featuredQuery,
          response: { 200: response, ...errors },
        },
      },
      // The SQL builds each kind's items in its contract shape; the response schema checks them.
      (req) => loadFeatured(req, kind) as never,
    );
  featured('sets', setList);
  featured('tracks', trackList);
  featured('artists', artistList);
  featured('labels', labelList);
  featured('festivals', festivalList);
  featured('venues', venueList);
};
