// Schemas of the calls of a DJ's own sets (routes.ts `publish`). Every one acts as the token's user on
// their own drafts only: another user's draft answers 404, as one that does not exist.
import type { CallSchemas, ErrorStatus } from '../call';
import {
  acceptedRecognised,
  acceptRecognisedBody,
  draftTracklistBody,
  draftTracklistPreview,
  mySet,
  mySetList,
  publishDetails,
  recognisedTracks,
  uploadParams,
} from '../publish-api';
import { noContent } from './errors';

const tag = 'publishing';
const PUBLISH_ERRORS = [
  400,
  401,
  404,
  409,
  413,
  415,
  422,
  429,
  '5xx',
] as const satisfies readonly ErrorStatus[];

export const publishCalls = {
  list: {
    summary: "The signed-in user's sets: drafts, published and taken down, newest first",
    tag,
    responses: { 200: mySetList },
    errors: PUBLISH_ERRORS,
  },
  detail: {
    summary: "One of the signed-in user's sets, with its state and processing progress",
    tag,
    params: uploadParams,
    responses: { 200: mySet },
    errors: PUBLISH_ERRORS,
  },
  details: {
    summary: "Sets a draft's details, or edits a published set's at once",
    tag,
    params: uploadParams,
    body: publishDetails,
    responses: { 200: mySet },
    errors: PUBLISH_ERRORS,
  },
  preview: {
    summary: "What each line of a draft's tracklist becomes when it is published; writes nothing",
    tag,
    params: uploadParams,
    body: draftTracklistBody,
    responses: { 200: draftTracklistPreview },
    errors: PUBLISH_ERRORS,
  },
  publish: {
    summary: 'Makes a ready draft a public set',
    tag,
    params: uploadParams,
    responses: { 200: mySet },
    errors: PUBLISH_ERRORS,
  },
  unpublish: {
    summary: 'Takes a published set off Cratedig; the draft stays, ready to publish again',
    tag,
    params: uploadParams,
    responses: { 200: mySet },
    errors: PUBLISH_ERRORS,
  },
  remove: {
    summary: 'Deletes a set and its media, or cancels an upload',
    tag,
    params: uploadParams,
    responses: { 204: noContent },
    errors: PUBLISH_ERRORS,
  },
  recognised: {
    summary: "The tracks Cratedig recognised in a published set's recording that its tracklist lacks",
    tag,
    params: uploadParams,
    responses: { 200: recognisedTracks },
    errors: PUBLISH_ERRORS,
  },
  accept: {
    summary: 'Puts recognised tracks into the tracklist at once (the owner only)',
    tag,
    params: uploadParams,
    body: acceptRecognisedBody,
    responses: { 200: acceptedRecognised },
    errors: PUBLISH_ERRORS,
  },
} satisfies Record<string, CallSchemas>;
