// Schemas of the calls for a listener's pasted tracklist (routes.ts `contribute`). Both act as the
// token's user and are rate limited per user.
import type { CallSchemas } from '../call';
import { idParams } from '../common';
import { tracklistBody, tracklistPreview, tracklistSubmission } from '../contribute-api';
import { IDENTIFICATION_ERRORS } from './errors';

const tag = 'identifications';

export const contributeCalls = {
  preview: {
    summary: "What each line of a pasted tracklist would become against the set's list; writes nothing",
    tag,
    params: idParams,
    body: tracklistBody,
    responses: { 200: tracklistPreview },
    errors: IDENTIFICATION_ERRORS,
  },
  submit: {
    summary: "Suggests, for each of the set's IDs a pasted line names differently, what that ID is",
    tag,
    params: idParams,
    body: tracklistBody,
    responses: { 201: tracklistSubmission },
    errors: IDENTIFICATION_ERRORS,
  },
} satisfies Record<string, CallSchemas>;
