// A listener's pasted tracklist for an existing set (docs/import.md, "Suggesting a tracklist from the
// browser"): the preview says what each line would become; the submission turns the lines that name
// one of the set's IDs differently into suggestions of the crowd's identifications.
import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, count, id, NO_CONTROL_CHARACTERS_BUT_LINES, seconds } from './common';
import { LINE_OUTCOMES, PROPOSED_STATUSES, TRACKLIST_PASTE } from './contribute-limits';

const P = TRACKLIST_PASTE;

export const tracklistBody = z
  .object({
    text: z
      .string()
      .max(P.maxChars, `A tracklist must be at most ${P.maxChars.toLocaleString('en-US')} characters`)
      .regex(NO_CONTROL_CHARACTERS_BUT_LINES, `${CONTROL_CHARACTERS_MESSAGE} Paste text, not a file.`)
      .regex(/\S/, 'Paste a tracklist: one track a line')
      .refine(
        (text) => text.split(/\r\n|\r|\n/).length <= P.maxLines,
        `A tracklist must be at most ${P.maxLines} lines`,
      ),
  })
  .strict()
  .meta({ id: 'TracklistBody' });
export type TracklistBody = z.infer<typeof tracklistBody>;

/** A track a line names: a catalogue track (`track_meta_id`) or only its written names. */
const namedTrack = z
  .object({
    track_meta_id: id.nullable(),
    artist: z.string(),
    title: z.string(),
    mix_name: z.string().nullable(),
    label_name: z.string().nullable(),
  })
  .meta({ id: 'TracklistNamedTrack' });

/** The row of the set's list a line lands on. */
const setRow = z
  .object({
    track_position: count,
    start_time: seconds,
    track_meta_id: id,
    artist: z.string(),
    title: z.string(),
    is_id: z.boolean(),
    // present (true) when the set's list has no times: start_time says nothing, track_position is its
    // place in the list
    untimed: z.literal(true).optional(),
  })
  .meta({ id: 'TracklistSetRow' });

export const tracklistLine = z
  .object({
    line: z.number().int().positive(),
    text: z.string(),
    outcome: z.enum(LINE_OUTCOMES),
    /** Seconds the line gives, null for an untimed entry. */
    start_time: seconds.nullable(),
    track: namedTrack.nullable(),
    set_row: setRow.nullable(),
    /** The artists and labels the catalogue does not know yet, as written. */
    new_artists: z.array(z.string()),
    new_labels: z.array(z.string()),
    /** Why: a problem's reason, or what happens to a line that proposes nothing. */
    note: z.string().nullable(),
  })
  .meta({ id: 'TracklistLine' });
export type TracklistLine = z.infer<typeof tracklistLine>;

export const tracklistPreview = z
  .object({
    set_id: id,
    /**
     * Whether lines are placed by their times (true) or by their order (false: the paste has no times,
     * or the set's list has none to meet them).
     */
    timed: z.boolean(),
    lines: z.array(tracklistLine),
    counts: z.object(
      Object.fromEntries(LINE_OUTCOMES.map((o) => [o, count])) as Record<
        (typeof LINE_OUTCOMES)[number],
        typeof count
      >,
    ),
  })
  .meta({ id: 'TracklistPreview' });
export type TracklistPreview = z.infer<typeof tracklistPreview>;

export const tracklistProposed = z
  .object({
    line: z.number().int().positive(),
    id_track_id: id,
    /** The proposal the line counts as; null when it was not sent (`limited`). */
    identification_id: id.nullable(),
    status: z.enum(PROPOSED_STATUSES),
  })
  .meta({ id: 'TracklistProposed' });
export type TracklistProposed = z.infer<typeof tracklistProposed>;

export const tracklistSubmission = z
  .object({ set_id: id, proposed: z.array(tracklistProposed) })
  .meta({ id: 'TracklistSubmission' });
export type TracklistSubmission = z.infer<typeof tracklistSubmission>;
