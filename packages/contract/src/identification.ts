// The crowd names the IDs: a listener proposes what an unreleased track (an ID) is, the others vote, and
// enough agreement decides it (docs/identifications-api.md). These are the shapes of a proposal and of
// an ID's state as every track shape carries it.
import { z } from 'zod';
import { count, httpUrl, id, instant, line, mediaUrl } from './common';
import { IDENTIFICATION_LIMITS } from './constants';
import { httpLink } from './http-link';
import { publicAuthor } from './user';

export const IDENTIFICATION_STATUSES = ['open', 'accepted', 'rejected', 'withdrawn'] as const;
export type IdentificationStatus = (typeof IDENTIFICATION_STATUSES)[number];

export const VOTES = ['confirm', 'reject'] as const;
export type Vote = (typeof VOTES)[number];

/** An ID's state: nobody proposed yet, proposals are open, named but unreleased, or released. */
export const ID_STATES = ['unidentified', 'proposed', 'identified', 'released'] as const;
export type IdState = (typeof ID_STATES)[number];

/** A catalogue track a proposal names: enough for a row with its artwork and a link to /tracks/{id}. */
export const proposedTrack = z
  .object({
    id,
    title: z.string(),
    artist: z.string(),
    mix_name: z.string().nullable(),
    label_name: z.string().nullable(),
    art_url_sm: mediaUrl.nullable(),
  })
  .meta({ id: 'ProposedTrack' });
export type ProposedTrack = z.infer<typeof proposedTrack>;

/**
 * What a proposal names: either a catalogue track (`track_meta`, the other fields null) or a
 * description (`artist` and `title`, optional `mix_name`, `label_name` and a store or upload `url`;
 * `track_meta` null). Shown as "Artist - Title (Mix)".
 */
export const proposalNames = z
  .object({
    track_meta: proposedTrack.nullable(),
    artist: z.string().nullable(),
    title: z.string().nullable(),
    mix_name: z.string().nullable(),
    label_name: z.string().nullable(),
    url: httpUrl.nullable(),
  })
  .meta({ id: 'ProposalNames' });
export type ProposalNames = z.infer<typeof proposalNames>;

/**
 * A proposal as everyone sees it. Votes are never shown one by one: only the counts, and the
 * caller's own vote (`user_vote`, null when they have not voted or wrote the proposal).
 * confirm_count / reject_count count voters, not weights (a trusted voter counts once here but
 * weighs 2 in the decision).
 */
export const identification = z
  .object({
    id,
    // the ID (a track whose mix_type is ID) the proposal is about
    id_track_id: id,
    proposal: proposalNames,
    author: publicAuthor,
    status: z.enum(IDENTIFICATION_STATUSES),
    confirm_count: count,
    reject_count: count,
    user_vote: z.enum(VOTES).nullable(),
    // true when the caller wrote it: they may withdraw it while it is open, and cannot vote on it
    is_own: z.boolean(),
    created_dt: instant,
    // when it was accepted, rejected or withdrawn; null while open
    decided_dt: instant.nullable(),
  })
  .meta({ id: 'Identification' });
export type Identification = z.infer<typeof identification>;

/**
 * A track's `identification`, on every track shape (lists, detail, a set's track list): null for a
 * track that is not an ID. `open_count` is how many proposals are open; `accepted` is the proposal
 * the crowd (or an operator) accepted, when there is one. An ID released by an operator or an import
 * has status `released` and `accepted` null; the released track is the track's `release`.
 */
export const trackIdentification = z
  .object({
    status: z.enum(ID_STATES),
    open_count: count,
    accepted: z.object({ id, proposal: proposalNames, decided_dt: instant }).nullable(),
  })
  .meta({ id: 'TrackIdentification' });
export type TrackIdentification = z.infer<typeof trackIdentification>;

// ---------------------------------------------------------------------------------------------------
// Texts of a description: one line, not blank, bounded; the link is http(s) only.

const L = IDENTIFICATION_LIMITS;
const nameText = (max: number, what: string) =>
  line(max).regex(/\S/, `${what} must not be empty`).max(max, `${what} must be at most ${max} characters`);

export const proposalArtist = nameText(L.artistMax, 'Artist');
export const proposalTitle = nameText(L.titleMax, 'Title');
export const proposalMixName = nameText(L.mixNameMax, 'Mix name');
export const proposalLabelName = nameText(L.labelNameMax, 'Label');
// Stored in canonical form (http-link.ts): every read of the proposal accepts what was written.
export const proposalUrl = httpLink(L.urlMax, 'Link must be an http:// or https:// address').meta({
  description: 'A store page or a public upload: http(s) only, stored percent-encoded',
});
