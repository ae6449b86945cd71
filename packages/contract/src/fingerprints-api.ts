// Cratedig listens (docs/fingerprints.md): where a track's audio is heard by fingerprint, what the
// fingerprints found in a set whose tracklist has gaps, and how far the listening has got.
import { z } from 'zod';
import { count, id, limitParam, listResponse, mediaUrl, offsetParam, seconds } from './common';

/** How sure the match is: the share of the query's landmarks heard at the fitted place, scaled to 0…1. */
const similarity = z.number().min(0).max(1);
/** How fast the copy plays against the audio it was found by: 1.04 is 4 % faster, 0.92 is 8 % slower. */
const speed = z.number().min(0.5).max(2);
/** True when the copy plays at another speed in the same key (a DJ's key lock: tempo only). */
const keyLocked = z.boolean();

const heardSet = z
  .object({ id, set_name: z.string(), artist: z.string(), art_url_sm: mediaUrl.nullable() })
  .meta({ id: 'HeardInSet' });

export const heardIn = z
  .object({
    set_meta: heardSet,
    start_time: seconds,
    end_time: seconds,
    similarity,
    speed,
    key_locked: keyLocked,
    // the set's tracklist already names this track (or this ID) there
    in_tracklist: z.boolean(),
    // the tracklist entry playing at the middle of the stretch, when there is one
    set_track_position: count.nullable(),
    // for an ID: that entry's own track, when it is another ID entry (the same ID elsewhere)
    set_track_id: id.nullable(),
  })
  .meta({ id: 'HeardIn' });
export type HeardIn = z.infer<typeof heardIn>;

export const heardInQuery = z.object({ limit: limitParam(20), offset: offsetParam });
export type HeardInQuery = z.infer<typeof heardInQuery>;

export const heardInList = listResponse(heardIn)
  .extend({
    // the fingerprint job has sets still to read: more may be found
    listening: z.boolean(),
  })
  .meta({ id: 'HeardInList' });
export type HeardInList = z.infer<typeof heardInList>;

export const setSuggestion = z
  .object({
    start_time: seconds,
    end_time: seconds,
    similarity,
    speed,
    key_locked: keyLocked,
    track_meta: z.object({ id, title: z.string(), artist: z.string(), art_url_sm: mediaUrl.nullable() }),
    // the set where this audio is named in the tracklist
    heard_in: heardSet,
    // this set's tracklist entry the stretch falls in (an ID still waiting for a name), or null when
    // the tracklist names nothing there
    set_track_position: count.nullable(),
  })
  .meta({ id: 'SetSuggestion' });
export type SetSuggestion = z.infer<typeof setSuggestion>;

export const setSuggestionList = z
  .object({ data: z.array(setSuggestion), listening: z.boolean() })
  .meta({ id: 'SetSuggestionList' });
export type SetSuggestionList = z.infer<typeof setSuggestionList>;

export const fingerprintStatus = z
  .object({ sets: count, fingerprinted: count, pending: count, failed: count, listening: z.boolean() })
  .meta({ id: 'FingerprintStatus' });
export type FingerprintStatus = z.infer<typeof fingerprintStatus>;
