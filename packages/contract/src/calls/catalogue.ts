// Schemas of the calls about sets, tracks, artists and labels (routes.ts `sets`, `tracks`, `artists`,
// `labels`, `featured`): discover lists, details and their tabs, plus what hangs off them (a set's
// heat and comments, a track's moments, following an artist, a label, a festival or a venue).
import type { z } from 'zod';
import { artist } from '../artist';
import type { CallSchemas } from '../call';
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
} from '../catalogue-api';
import { postList, postListQuery } from '../comments-api';
import { idParams } from '../common';
import { label } from '../label';
import { followResult, statsLikesResult } from '../library-api';
import { commentMarkers, setHeat, trackMoments, trackMomentsQuery } from '../moments-api';
import { festivalDetail, venueDetail } from '../place';
import { trackPlayParams } from '../player-api';
import { trackDetail, trackPlayTarget } from '../track';
import { CATALOGUE_ERRORS, COMMENT_ERRORS, LIBRARY_ERRORS, MOMENT_ERRORS, PLAYER_ERRORS } from './errors';

const list = <Q extends z.ZodType, R extends z.ZodType>(
  summary: string,
  tag: string,
  query: Q,
  response: R,
) => ({ summary, tag, query, responses: { 200: response }, errors: CATALOGUE_ERRORS }) as const;
const detail = <R extends z.ZodType>(summary: string, tag: string, response: R) =>
  ({ summary, tag, params: idParams, responses: { 200: response }, errors: CATALOGUE_ERRORS }) as const;
const tab = <Q extends z.ZodType, R extends z.ZodType>(summary: string, tag: string, query: Q, response: R) =>
  ({ ...list(summary, tag, query, response), params: idParams }) as const;
const posts = (on: 'set' | 'track') =>
  ({
    summary: `The ${on}'s comments, newest first or in set order (order_by)`,
    tag: 'comments',
    params: idParams,
    query: postListQuery,
    responses: { 200: postList },
    errors: COMMENT_ERRORS,
  }) as const;
/** PUT /stats/{kind}/{id}/follow: the same call for artists, labels, festivals and venues. */
const follow = (kind: 'artist' | 'label' | 'festival' | 'venue') =>
  ({
    summary: `Follows or unfollows the ${kind}`,
    tag: 'library',
    params: idParams,
    responses: { 200: followResult },
    errors: LIBRARY_ERRORS,
  }) as const;
const follows = (kind: 'artist' | 'label') =>
  ({
    follow: follow(kind),
    likesToggle: {
      summary: `Toggles the ${kind} in the user's likes`,
      tag: 'library',
      params: idParams,
      responses: { 200: statsLikesResult },
      errors: LIBRARY_ERRORS,
    },
  }) as const;

export const setCalls = {
  list: list('Sets (released date desc by default)', 'sets', discoverSetListQuery, setList),
  favs: list("The user's favourite sets", 'sets', setListQuery, setList),
  detail: detail('A set with its ordered track list', 'sets', setDetail),
  heat: {
    summary: "The set's moment likes per bucket of a few seconds (exact counts) and its most liked one",
    tag: 'player',
    params: idParams,
    responses: { 200: setHeat },
    errors: MOMENT_ERRORS,
  },
  posts: posts('set'),
  postMarkers: {
    summary: "Where the set's comments were written: positions and first lines, for the seek bar",
    tag: 'comments',
    params: idParams,
    responses: { 200: commentMarkers },
    errors: COMMENT_ERRORS,
  },
} satisfies Record<string, CallSchemas>;

export const trackCalls = {
  list: list('Released tracks (IDs have their own lists)', 'tracks', trackListQuery, trackList),
  favs: list("The user's favourite released tracks", 'tracks', trackListQuery, trackList),
  detail: detail('A track or an ID, with its release or where it was first heard', 'tracks', trackDetail),
  sets: tab('Sets playing the track', 'tracks', setListQuery, setList),
  moments: {
    summary: 'Where the track plays in sets (start_time) and the moment likes it got there',
    tag: 'player',
    params: idParams,
    query: trackMomentsQuery,
    responses: { 200: trackMoments },
    errors: MOMENT_ERRORS,
  },
  posts: posts('track'),
  playTarget: {
    summary: 'Where to play a track: the most played set containing it and its start_time',
    tag: 'player',
    params: trackPlayParams,
    responses: { 200: trackPlayTarget },
    errors: PLAYER_ERRORS,
  },
} satisfies Record<string, CallSchemas>;

export const artistCalls = {
  list: list('Artists', 'artists', artistListQuery, artistList),
  followed: list('Artists the user follows', 'artists', artistListQuery, artistList),
  detail: detail('An artist with founded_label', 'artists', artist),
  sets: tab('Sets the artist performs', 'artists', setListQuery, setList),
  tracks: tab('Released tracks the artist produced or features on', 'artists', trackListQuery, trackList),
  remixes: tab('Released tracks the artist remixed or edited', 'artists', trackListQuery, trackList),
  ids: tab("The artist's IDs", 'artists', idListQuery, trackList),
  labels: tab('Labels of its released tracks and labels it founded', 'artists', labelListQuery, labelList),
  ...follows('artist'),
} satisfies Record<string, CallSchemas>;

export const labelCalls = {
  list: list('Labels', 'labels', labelListQuery, labelList),
  followed: list('Labels the user follows', 'labels', labelListQuery, labelList),
  detail: detail('A label with label_boss', 'labels', label),
  sets: tab('Sets playing its tracks or curated by it', 'labels', setListQuery, setList),
  tracks: tab('Its tracks', 'labels', trackListQuery, trackList),
  artists: tab('Artists credited on its tracks', 'labels', artistListQuery, artistList),
  ...follows('label'),
} satisfies Record<string, CallSchemas>;

const featured = <R extends z.ZodType>(kind: FeaturedKind, response: R) =>
  list(
    `Featured ${kind} in editorial order ("most liked recently" when none)`,
    'featured',
    featuredQuery,
    response,
  );

/** A festival's or venue's page: the place, and following it (its sets are /sets?festival_id=…). */
const place = <R extends z.ZodType>(kind: 'festival' | 'venue', tag: string, response: R) =>
  ({
    detail: detail(
      `A ${kind} with its sets' count and dates, its followers and the user's follow`,
      tag,
      response,
    ),
    follow: follow(kind),
  }) as const;

export const festivalCalls = place('festival', 'festivals', festivalDetail) satisfies Record<
  string,
  CallSchemas
>;
export const venueCalls = place('venue', 'venues', venueDetail) satisfies Record<string, CallSchemas>;

export const featuredCalls = {
  sets: featured('sets', setList),
  tracks: featured('tracks', trackList),
  artists: featured('artists', artistList),
  labels: featured('labels', labelList),
  festivals: featured('festivals', festivalList),
  venues: featured('venues', venueList),
} satisfies Record<FeaturedKind, CallSchemas>;
