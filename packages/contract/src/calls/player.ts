// Schemas of the player's calls (routes.ts `queue`, `plays`, `likes`): the queue, plays and resume
// positions, 'Continue listening', and moment likes.
import type { CallSchemas } from '../call';
import { idParams } from '../common';
import { continueListeningList, continueListeningQuery, playedSet } from '../moments-api';
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
} from '../player-api';
import { queueItem } from '../queue';
import { PLAYER_ERRORS as errors, MOMENT_ERRORS, noContent } from './errors';

const tag = 'player';

export const queueCalls = {
  list: { summary: "The user's queue, in order", tag, responses: { 200: queueList }, errors },
  add: {
    summary: 'Append a set (404 "This set is already in the queue." when it is queued already)',
    tag,
    body: queueAddBody,
    responses: { 200: queueItem },
    errors,
  },
  update: {
    summary: 'Move an item to `order` (the others shift) and set its is_current; answers the queue',
    tag,
    body: queueUpdateBody,
    responses: { 200: queueList },
    errors,
  },
  remove: { summary: 'Remove one item', tag, params: idParams, responses: { 204: noContent }, errors },
  clear: { summary: 'Clear the queue', tag, responses: { 204: noContent }, errors },
  newCurrent: {
    summary:
      'Play a set: it becomes the current item right after the one playing (inserted when not queued, moved when queued); answers the queue',
    tag,
    body: queueNewCurrentBody,
    responses: { 200: queueList },
    errors,
  },
  next: {
    summary: 'Advance: the item after the current one becomes current (204 at the end)',
    tag,
    responses: { 200: queueItem, 204: noContent },
    errors,
  },
} satisfies Record<string, CallSchemas>;

export const playCalls = {
  save: {
    summary: 'Save the resume position and count a play (at most one per user and set per hour)',
    tag,
    body: playBody,
    responses: { 204: noContent },
    errors,
  },
  continue: {
    summary: "Continue listening: the user's sets left part-way (not finished), most recently played first",
    tag,
    query: continueListeningQuery,
    responses: { 200: continueListeningList },
    errors: MOMENT_ERRORS,
  },
  last: {
    summary: 'The set the user last played, where, and its track there (204 when none)',
    tag,
    responses: { 200: playedSet, 204: noContent },
    errors: MOMENT_ERRORS,
  },
} satisfies Record<string, CallSchemas>;

export const likeCalls = {
  moment: {
    summary: 'Like a moment of a set; the set track playing then gets the like too',
    tag,
    body: setLikeBody,
    responses: { 200: setLikeResponse },
    errors,
  },
  set: {
    summary: "Put the set into the user's likes",
    tag,
    params: idParams,
    responses: { 200: setLikesResponse },
    errors,
  },
  track: {
    summary: "Put the track into the user's likes",
    tag,
    params: trackIdParams,
    responses: { 200: trackLikesResponse },
    errors,
  },
} satisfies Record<string, CallSchemas>;
