// The identification calls: an ID's proposals, proposing, voting, withdrawing, a user's proposals and
// the list of IDs waiting to be named (docs/identifications-api.md).
import { z } from 'zod';
import {
  afterParam,
  errorShape,
  followedFilter,
  id,
  idParams,
  limitParam,
  listResponse,
  mediaUrl,
  offsetParam,
  searchParam,
} from './common';
import { ORDER_DIRECTIONS } from './constants';
import {
  ID_STATES,
  IDENTIFICATION_STATUSES,
  identification,
  proposalArtist,
  proposalLabelName,
  proposalMixName,
  proposalTitle,
  proposalUrl,
  VOTES,
} from './identification';
import { trackMeta } from './track';

export const identificationParams = idParams;

/** GET /tracks/{id}/identifications: the open proposals first, then the decided ones; newest first in each. */
export const identificationListQuery = z.object({ limit: limitParam(), offset: offsetParam });
export type IdentificationListQuery = z.output<typeof identificationListQuery>;

export const identificationList = listResponse(identification).meta({ id: 'IdentificationList' });
export type IdentificationList = z.infer<typeof identificationList>;

const BOTH = 'Name either a catalogue track or an artist and a title, not both.';
const NEITHER = 'Name a catalogue track, or an artist and a title.';

/**
 * POST /tracks/{id}/identifications (201 with the proposal). Either `track_meta_id` (a catalogue
 * track that is not itself an ID) or a description: `artist` and `title`, optional `mix_name`,
 * `label_name` and `url`. Both, neither, or half a description answer 422 under errors.json.
 * A proposal naming the same track, or the same artist and title (compared as search compares
 * names), as an open proposal of the ID answers 409 duplicateProposalError naming that proposal.
 */
export const createIdentificationBody = z
  .object({
    track_meta_id: id.optional(),
    artist: proposalArtist.optional(),
    title: proposalTitle.optional(),
    mix_name: proposalMixName.nullable().optional(),
    label_name: proposalLabelName.nullable().optional(),
    url: proposalUrl.nullable().optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    const described = [b.artist, b.title, b.mix_name, b.label_name, b.url].some((v) => v != null);
    if (b.track_meta_id !== undefined && described) {
      ctx.addIssue({ code: 'custom', message: BOTH, path: ['track_meta_id'] });
    } else if (b.track_meta_id === undefined) {
      if (!described) ctx.addIssue({ code: 'custom', message: NEITHER, path: ['track_meta_id'] });
      else {
        if (b.artist === undefined)
          ctx.addIssue({ code: 'custom', message: 'Artist is required', path: ['artist'] });
        if (b.title === undefined)
          ctx.addIssue({ code: 'custom', message: 'Title is required', path: ['title'] });
      }
    }
  })
  .meta({ id: 'CreateIdentificationBody' });
export type CreateIdentificationBody = z.output<typeof createIdentificationBody>;

/**
 * 409 on POST /tracks/{id}/identifications: `identification_id` is the open proposal that names the
 * same track (vote on it) or the caller's own open one (withdraw it first); absent when the ID takes no
 * more proposals (identified or released).
 */
export const duplicateProposalError = errorShape
  .extend({ identification_id: id.optional() })
  .meta({ id: 'DuplicateProposalError' });
export type DuplicateProposalError = z.infer<typeof duplicateProposalError>;

/**
 * PUT /identifications/{id}/vote: confirm, reject, or null to take one's vote back; changeable while
 * the proposal is open. Answers the proposal after the vote: when the vote decided it, its status is
 * accepted or rejected already (and the ID's state changed: re-read the track).
 */
export const voteBody = z
  .object({ vote: z.enum(VOTES).nullable() })
  .strict()
  .meta({ id: 'VoteBody' });
export type VoteBody = z.infer<typeof voteBody>;

/** DELETE /identifications/{id}: its author withdraws an open proposal; answers it, status withdrawn. */

/** The ID a proposal is about, as the profile's proposals tab shows it. */
export const identificationIdTrack = z
  .object({
    id,
    title: z.string(),
    artist: z.string(),
    art_url_sm: mediaUrl.nullable(),
    set_meta: z.object({ id, set_name: z.string() }).nullable(),
  })
  .meta({ id: 'IdentificationIdTrack' });

export const userIdentification = identification
  .extend({ id_track: identificationIdTrack })
  .meta({ id: 'UserIdentification' });
export type UserIdentification = z.infer<typeof userIdentification>;

/**
 * GET /users/{id}/identifications: the user's proposals, newest first, with their status (the
 * profile tab). Only the signed-in user's own (403 for another id), like the other profile lists.
 */
export const userIdentificationListQuery = z.object({
  limit: limitParam(),
  offset: offsetParam,
  status: z.enum(IDENTIFICATION_STATUSES).optional(),
});
export type UserIdentificationListQuery = z.output<typeof userIdentificationListQuery>;
export const userIdentificationList = listResponse(userIdentification).meta({ id: 'UserIdentificationList' });
export type UserIdentificationList = z.infer<typeof userIdentificationList>;

/** The orders of GET /ids: most watched first by default. */
export const WAITING_ID_ORDERS = {
  most_watched: 'track_meta.total_user_likes',
  first_seen: 'track_meta.created_dt',
  artist: 'track_meta.artist',
  title: 'track_meta.title',
} as const;

/**
 * GET /ids: the IDs waiting to be named (state unidentified or proposed), most watched first
 * (track_meta.total_user_likes: listeners watching it), ties by id. `state` narrows to one of the two,
 * `search` matches the ID's title and artist line as the other lists do, `followed_filter=true` keeps
 * the IDs the caller watches or favourited. Paged with limit/offset (Load more); `after` is the
 * keyset cursor of catalogue-api.ts encodeCursor (the last item's sort value and id).
 * Answers a track list: each item's identification.open_count is its number of open suggestions.
 */
export const waitingIdListQuery = z.object({
  limit: limitParam(),
  offset: offsetParam,
  order_by: z
    .enum([
      WAITING_ID_ORDERS.most_watched,
      WAITING_ID_ORDERS.first_seen,
      WAITING_ID_ORDERS.artist,
      WAITING_ID_ORDERS.title,
    ])
    .default(WAITING_ID_ORDERS.most_watched),
  order_direction: z.enum(ORDER_DIRECTIONS).optional(),
  search: searchParam.optional(),
  followed_filter: followedFilter.optional(),
  state: z.enum([ID_STATES[0], ID_STATES[1]]).optional(),
  after: afterParam.optional(),
});
export type WaitingIdListQuery = z.output<typeof waitingIdListQuery>;
export const waitingIdList = listResponse(trackMeta).meta({ id: 'WaitingIdList' });
export type WaitingIdList = z.infer<typeof waitingIdList>;
