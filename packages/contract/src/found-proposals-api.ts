// "Suggest these as the tracklist" (docs/fingerprints.md, "Calls"): the tracks Cratedig found in a
// set's audio, sent as the caller's suggestions for the set's IDs, for the crowd to confirm.
import { z } from 'zod';
import { count, id, seconds } from './common';

/**
 * Why a found track was not sent: an open suggestion of someone else already names it for that ID
 * (vote on it), the caller already has an open suggestion for that ID, the ID there is already named
 * (identified, released, or the entry is no ID at all), or the caller reached the hourly limit.
 */
export const FOUND_SKIP_REASONS = ['suggested', 'own_open', 'named', 'limited'] as const;
export type FoundSkipReason = (typeof FOUND_SKIP_REASONS)[number];

const found = {
  /** The catalogue track the audio was recognised as. */
  track_meta_id: id,
  /** Where it plays in this set. */
  start_time: seconds,
  end_time: seconds,
};

export const foundProposed = z
  .object({
    ...found,
    /** The ID entry the suggestion is for, and its place in the set's tracklist. */
    id_track_id: id,
    set_track_position: count,
    /** True when the tracklist named nothing there and an "ID" entry was added at the found times. */
    new_entry: z.boolean(),
    identification_id: id,
  })
  .meta({ id: 'FoundProposed' });
export type FoundProposed = z.infer<typeof foundProposed>;

export const foundSkipped = z
  .object({
    ...found,
    /** The ID entry it would have been for; null where the tracklist names nothing (nothing added). */
    id_track_id: id.nullable(),
    set_track_position: count.nullable(),
    /** The open suggestion to vote on (`suggested`) or the caller's own (`own_open`). */
    identification_id: id.nullable(),
    reason: z.enum(FOUND_SKIP_REASONS),
  })
  .meta({ id: 'FoundSkipped' });
export type FoundSkipped = z.infer<typeof foundSkipped>;

export const foundProposals = z
  .object({ set_id: id, proposed: z.array(foundProposed), skipped: z.array(foundSkipped) })
  .meta({ id: 'FoundProposals' });
export type FoundProposals = z.infer<typeof foundProposals>;
