// Schemas of the fingerprint calls (routes.ts `fingerprints`): where a track is heard, what was found
// in a set (and sending it as the crowd's suggestions), and the job's progress.
import type { CallSchemas, ErrorStatus } from '../call';
import { idParams } from '../common';
import { fingerprintStatus, heardInList, heardInQuery, setSuggestionList } from '../fingerprints-api';
import { foundProposals } from '../found-proposals-api';
import { CATALOGUE_ERRORS, IDENTIFICATION_ERRORS } from './errors';

const tag = 'fingerprints';
const SIGNED_IN_ERRORS = [401, '5xx'] as const satisfies readonly ErrorStatus[];

export const fingerprintCalls = {
  heardIn: {
    summary: "Where the track's audio is heard in other sets, by fingerprint, best first",
    tag,
    params: idParams,
    query: heardInQuery,
    responses: { 200: heardInList },
    errors: CATALOGUE_ERRORS,
  },
  setSuggestions: {
    summary: 'Tracks the fingerprints found in stretches the set tracklist leaves unnamed',
    tag,
    params: idParams,
    responses: { 200: setSuggestionList },
    errors: CATALOGUE_ERRORS,
  },
  proposeFound: {
    summary: "Sends the tracks found in the set as the caller's suggestions for its IDs",
    tag,
    params: idParams,
    responses: { 201: foundProposals },
    errors: IDENTIFICATION_ERRORS,
  },
  status: {
    summary: 'How many sets are fingerprinted and whether the job is still listening',
    tag,
    responses: { 200: fingerprintStatus },
    errors: SIGNED_IN_ERRORS,
  },
} satisfies Record<string, CallSchemas>;
