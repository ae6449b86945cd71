// Schemas of the library's calls (routes.ts `favs`, `users`, `posts`, `notifications`, `search`):
// favourites, the profile lists, comments, notifications and search. Every one acts as the token's
// user; none takes a user id in a body.
import type { CallSchemas } from '../call';
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
} from '../catalogue-api';
import { post } from '../comment';
import { createPostBody, postParams, updatePostBody } from '../comments-api';
import { idParams } from '../common';
import { favResult, purchaseResult, setLikesResult, trackLikesResult, userListParams } from '../library-api';
import {
  markAllReadResult,
  notification,
  notificationList,
  notificationListQuery,
  unreadCount,
} from '../notification';
import { searchQuery, searchResponse } from '../search';
import { COMMENT_ERRORS, LIBRARY_ERRORS, NOTIFICATION_ERRORS, noContent, SEARCH_ERRORS } from './errors';

const toggle = <R extends CallSchemas['responses'][200]>(summary: string, response: NonNullable<R>) =>
  ({
    summary,
    tag: 'library',
    params: idParams,
    responses: { 200: response },
    errors: LIBRARY_ERRORS,
  }) as const;

export const favCalls = {
  set: toggle("Toggles the set in the user's favourites", favResult),
  track: toggle("Toggles the track (or ID) in the user's favourites", favResult),
  setLikesToggle: toggle("Toggles the set in the user's likes", setLikesResult),
  trackLikesToggle: toggle(
    "Toggles the track in the user's likes; for an ID, starts or stops watching it",
    trackLikesResult,
  ),
  purchase: toggle('Marks the track purchased (idempotent)', purchaseResult),
} satisfies Record<string, CallSchemas>;

const profile = <Q extends CallSchemas['query'], R extends CallSchemas['responses'][200]>(
  summary: string,
  query: NonNullable<Q>,
  response: NonNullable<R>,
) =>
  ({
    summary,
    tag: 'library',
    params: userListParams,
    query,
    responses: { 200: response },
    errors: LIBRARY_ERRORS,
  }) as const;

/** The profile lists: only the caller's own. */
export const userCalls = {
  sets: profile('Liked Sets', setListQuery, setList),
  tracks: profile('Liked Tracks (released)', trackListQuery, trackList),
  ids: profile('Watched IDs', idListQuery, trackList),
  artists: profile('Liked Artists', artistListQuery, artistList),
  labels: profile('Liked Labels', labelListQuery, labelList),
} satisfies Record<string, CallSchemas>;

export const postCalls = {
  create: {
    summary: 'Writes a comment on a set or a track',
    tag: 'comments',
    body: createPostBody,
    responses: { 200: post },
    errors: COMMENT_ERRORS,
  },
  update: {
    summary: 'Edits a comment (its author only)',
    tag: 'comments',
    params: postParams,
    body: updatePostBody,
    responses: { 200: post },
    errors: COMMENT_ERRORS,
  },
  delete: {
    summary: 'Deletes a comment (its author only)',
    tag: 'comments',
    params: postParams,
    responses: { 204: noContent },
    errors: COMMENT_ERRORS,
  },
} satisfies Record<string, CallSchemas>;

const notifications = { tag: 'notifications', errors: NOTIFICATION_ERRORS } as const;

export const notificationCalls = {
  list: {
    ...notifications,
    summary: "The caller's notifications, newest first (keyset cursor: after + after_id)",
    query: notificationListQuery,
    responses: { 200: notificationList },
  },
  unreadCount: {
    ...notifications,
    summary: 'How many of the caller’s notifications are unread',
    responses: { 200: unreadCount },
  },
  readAll: {
    ...notifications,
    summary: 'Marks all of the caller’s notifications read',
    responses: { 200: markAllReadResult },
  },
  markRead: {
    ...notifications,
    summary: 'Marks one of the caller’s notifications read (404 for anyone else’s)',
    params: idParams,
    responses: { 200: notification },
  },
} satisfies Record<string, CallSchemas>;

export const searchCalls = {
  find: {
    summary: 'Search artists, labels, tracks (IDs included) and sets, best match first',
    tag: 'search',
    query: searchQuery,
    responses: { 200: searchResponse },
    errors: SEARCH_ERRORS,
  },
} satisfies Record<string, CallSchemas>;
