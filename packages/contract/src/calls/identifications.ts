// Schemas of the crowd's identification calls (routes.ts `identifications`, `live`): an ID's
// suggestions, suggesting, voting, withdrawing, a user's suggestions, the IDs waiting to be named, and
// the ticket that opens the live-event stream. Every one acts as the token's user. The stream itself
// (GET /api/events) is server-sent events, not a JSON call: it is declared in its route file.
import type { CallSchemas } from '../call';
import { idParams } from '../common';
import { identification } from '../identification';
import {
  createIdentificationBody,
  duplicateProposalError,
  identificationList,
  identificationListQuery,
  identificationParams,
  userIdentificationList,
  userIdentificationListQuery,
  voteBody,
  waitingIdList,
  waitingIdListQuery,
} from '../identifications-api';
import { eventTicket } from '../live-events';
import { IDENTIFICATION_ERRORS, LIVE_ERRORS } from './errors';

const tag = 'identifications';
// A 409 on any of them names the open suggestion it conflicts with, when there is one.
const shared = { tag, errors: IDENTIFICATION_ERRORS, errorBodies: { 409: duplicateProposalError } } as const;

export const identificationCalls = {
  list: {
    ...shared,
    summary: "The ID's suggestions: open ones first, then decided; newest first in each",
    params: idParams,
    query: identificationListQuery,
    responses: { 200: identificationList },
  },
  create: {
    ...shared,
    summary: 'Suggests what an ID is: a catalogue track or an artist and title',
    params: idParams,
    body: createIdentificationBody,
    responses: { 201: identification },
  },
  vote: {
    ...shared,
    summary: 'Confirms or rejects a suggestion, or takes the vote back (null)',
    params: identificationParams,
    body: voteBody,
    responses: { 200: identification },
  },
  withdraw: {
    ...shared,
    summary: 'Withdraws an open suggestion (its author only)',
    params: identificationParams,
    responses: { 200: identification },
  },
  ofUser: {
    ...shared,
    summary: "The caller's own suggestions with their status (profile tab)",
    params: idParams,
    query: userIdentificationListQuery,
    responses: { 200: userIdentificationList },
  },
  waiting: {
    ...shared,
    summary: 'IDs waiting to be named, most watched first',
    query: waitingIdListQuery,
    responses: { 200: waitingIdList },
  },
} satisfies Record<string, CallSchemas>;

export const liveCalls = {
  ticket: {
    summary: 'A single-use ticket that opens the live-event stream',
    tag: 'live',
    responses: { 200: eventTicket },
    errors: LIVE_ERRORS,
  },
} satisfies Record<string, CallSchemas>;
