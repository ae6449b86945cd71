// A DJ publishes a recording (docs/publishing.md): the audio comes in by the tus protocol at
// PUBLISH_UPLOAD_PATH, which makes the draft ("one of my sets") at once; the calls below describe it,
// follow its processing, publish it, and let its owner edit, unpublish or delete it.
import { z } from 'zod';
import {
  CONTROL_CHARACTERS_MESSAGE,
  count,
  id,
  instant,
  isoDate,
  mediaUrl,
  NO_CONTROL_CHARACTERS,
  NO_CONTROL_CHARACTERS_BUT_LINES,
  seconds,
} from './common';
import { GENRES } from './constants';
import { TRACKLIST_PASTE } from './contribute-limits';
import { PUBLISH_LIMITS } from './publish-limits';

export { formatBytes, formatHours, PUBLISH_LIMITS } from './publish-limits';

/** Where tus clients create and resume uploads (POST creates, HEAD/PATCH/DELETE on `/{upload id}`). */
export const PUBLISH_UPLOAD_PATH = '/api/publish/uploads';

/** Containers and codecs a recording may be in; what it is, is read from its content. */
export const AUDIO_FORMATS = ['mp3', 'wav', 'flac', 'aiff', 'm4a', 'ogg'] as const;
export type AudioFormat = (typeof AUDIO_FORMATS)[number];
/** What a file chooser offers (the server never trusts a name or a type). */
export const AUDIO_ACCEPT =
  '.mp3,.wav,.flac,.aif,.aiff,.m4a,.aac,.mp4,.ogg,.oga,.opus,audio/mpeg,audio/wav,audio/flac,audio/aiff,audio/mp4,audio/ogg';

/**
 * A draft's life: `uploading` (bytes still coming) → `processing` (checked, rendition made) → `ready`
 * (the owner only) → `published` (public). `failed` says why; `taken_down` by the operator, with a
 * reason.
 */
export const PUBLISH_STATES = [
  'uploading',
  'processing',
  'ready',
  'published',
  'failed',
  'taken_down',
] as const;
export type PublishState = (typeof PUBLISH_STATES)[number];

/** The steps of processing, in order, for the progress the owner watches. */
export const PROCESSING_STEPS = ['probe', 'rendition'] as const;
export type ProcessingStep = (typeof PROCESSING_STEPS)[number];

const text = (max: number, what: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter ${what}.`)
    .max(max, `${what[0]?.toUpperCase()}${what.slice(1)} must be at most ${max} characters.`)
    .regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE);

const optionalName = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} must be at most ${max} characters.`)
    .regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE)
    .transform((v) => (v === '' ? null : v))
    .nullable();

/**
 * The details a draft is published with; each may be sent while the audio uploads and again later.
 * A published set's owner sends them to edit it: the change applies at once.
 */
export const publishDetails = z
  .object({
    set_name: text(200, 'a set name'),
    /** The DJs in billing order: existing artists' names or new ones, matched as the import matches. */
    djs: z
      .array(text(120, "a DJ's name"))
      .min(1, 'Name at least one DJ.')
      .max(PUBLISH_LIMITS.djsMax, `At most ${PUBLISH_LIMITS.djsMax} DJs.`),
    recorded_date: isoDate.refine((d) => d >= '1970-01-01', 'Enter the date the set was recorded.'),
    genre: z.enum(GENRES).nullable(),
    festival: optionalName(120, 'A festival name'),
    venue: optionalName(120, 'A venue name'),
    /**
     * The tracklist as pasted (one track a line, times optional) or a CUE sheet's text; empty for
     * none. Read by the import's readers.
     */
    tracklist: z
      .string()
      .max(TRACKLIST_PASTE.maxChars, `A tracklist must be at most ${TRACKLIST_PASTE.maxChars} characters.`)
      .regex(NO_CONTROL_CHARACTERS_BUT_LINES, `${CONTROL_CHARACTERS_MESSAGE} Paste text, not a file.`),
  })
  .strict()
  .meta({ id: 'PublishDetails' });
export type PublishDetails = z.infer<typeof publishDetails>;

/** The same details as a draft holds them: any may still be missing before it is published. */
export const draftDetails = z
  .object({
    set_name: z.string().nullable(),
    djs: z.array(z.string()),
    recorded_date: isoDate.nullable(),
    genre: z.enum(GENRES).nullable(),
    festival: z.string().nullable(),
    venue: z.string().nullable(),
    tracklist: z.string(),
  })
  .meta({ id: 'DraftDetails' });
export type DraftDetails = z.infer<typeof draftDetails>;

export const uploadParams = z.object({
  id: z.string().regex(/^[0-9a-f]{32}$/, 'Not an upload.'),
});

/** One of the signed-in user's sets (published or not). */
export const mySet = z
  .object({
    /** The upload's id, the last part of its tus URL. */
    id: uploadParams.shape.id,
    state: z.enum(PUBLISH_STATES),
    /** Why it failed or was taken down, in words for its owner. */
    reason: z.string().nullable(),
    file_name: z.string(),
    /** Bytes declared and received; equal once uploaded. */
    size_bytes: count,
    received_bytes: count,
    /** While processing: the step and how far it is (0..1). */
    step: z.enum(PROCESSING_STEPS).nullable(),
    progress: z.number().min(0).max(1).nullable(),
    /** What the content was found to be, and how long it lasts, once probed. */
    format: z.enum(AUDIO_FORMATS).nullable(),
    duration_s: seconds.nullable(),
    details: draftDetails,
    art_url_sm: mediaUrl.nullable(),
    art_url_xl: mediaUrl.nullable(),
    /** The public set, once published (kept while it is published). */
    set_id: id.nullable(),
    /** Which details are still needed to publish (field names of PublishDetails). */
    missing: z.array(z.string()),
    created_dt: instant,
    updated_dt: instant,
  })
  .meta({ id: 'MySet' });
export type MySet = z.infer<typeof mySet>;

export const mySetList = z.object({ items: z.array(mySet), total: count }).meta({ id: 'MySetList' });
export type MySetList = z.infer<typeof mySetList>;

/** A track the recording was recognised to play, not yet in the tracklist. */
export const recognisedTrack = z
  .object({
    track_meta_id: id,
    artist: z.string(),
    title: z.string(),
    mix_name: z.string().nullable(),
    start_time: seconds,
    end_time: seconds,
    similarity: z.number().min(0).max(1),
    /** Where it lands: the tracklist's ID entry it names, or null for a new entry at these times. */
    replaces_position: count.nullable(),
  })
  .meta({ id: 'RecognisedTrack' });
export type RecognisedTrack = z.infer<typeof recognisedTrack>;

export const recognisedTracks = z
  .object({
    /** False until the recording has been heard against the catalogue. */
    heard: z.boolean(),
    items: z.array(recognisedTrack),
  })
  .meta({ id: 'RecognisedTracks' });
export type RecognisedTracks = z.infer<typeof recognisedTracks>;

/** Which recognised tracks to put in the tracklist: by catalogue id and start, or all of them. */
export const acceptRecognisedBody = z
  .object({
    tracks: z
      .array(z.object({ track_meta_id: id, start_time: seconds }).strict())
      .min(1)
      .max(500)
      .optional(),
  })
  .strict()
  .meta({ id: 'AcceptRecognisedBody' });
export type AcceptRecognisedBody = z.infer<typeof acceptRecognisedBody>;

export const acceptedRecognised = z
  .object({ accepted: count, set_id: id })
  .meta({ id: 'AcceptedRecognised' });

/** `cratedig takedown` tells the owner; the notification's words. */
export const TAKEDOWN_TITLE = 'Your set was taken down';

/** An `upload` live event: a draft of the user changed (state, step, progress). */
export const uploadEvent = z.object({ upload: mySet }).meta({ id: 'UploadEvent' });
export type UploadEvent = z.infer<typeof uploadEvent>;

export const publishMessages = {
  notAudio:
    'This file is not audio Cratedig can read. Upload an MP3, WAV, FLAC, AIFF, M4A/AAC or OGG/Opus recording.',
  empty: 'This file is empty or cut short: upload the whole recording.',
  tooBig: (max: string) => `This file is larger than ${max}, the most one set may be.`,
  tooLong: (max: string) => `This recording is longer than ${max}, the longest a set may be.`,
  perDay: (n: number) => `You can start ${n} uploads a day. Try again later.`,
  quota: (max: string) => `Your sets would take more than ${max}. Delete a set you no longer need first.`,
  oneAtATime: 'You are already uploading a set. Finish or cancel it first.',
  noRoom: 'Cratedig has no room for this file right now. Try again later.',
  notReady: 'This set is not ready to publish yet.',
  missing: 'Fill in the set name, the DJ and the recorded date first.',
} as const;

/** What one line of a draft's tracklist becomes when the set is published. */
export const draftTracklistLine = z
  .object({
    line: z.number().int().positive(),
    text: z.string(),
    /** `track`: a track (known or new); `id`: an unnamed "ID"; `skipped`: a line that is no track. */
    outcome: z.enum(['track', 'id', 'skipped']),
    start_time: seconds.nullable(),
    artist: z.string().nullable(),
    title: z.string().nullable(),
    mix_name: z.string().nullable(),
    label_name: z.string().nullable(),
    /** The catalogue track it matches, null for a new one. */
    track_meta_id: id.nullable(),
    new_artists: z.array(z.string()),
    new_labels: z.array(z.string()),
    note: z.string().nullable(),
  })
  .meta({ id: 'DraftTracklistLine' });
export type DraftTracklistLine = z.infer<typeof draftTracklistLine>;

export const draftTracklistPreview = z
  .object({
    /** `cue` when the text is a CUE sheet, `lines` for a pasted list. */
    kind: z.enum(['cue', 'lines']),
    timed: z.boolean(),
    lines: z.array(draftTracklistLine),
    /** Problems that would refuse the tracklist at publishing (times out of order, …). */
    problems: z.array(z.string()),
  })
  .meta({ id: 'DraftTracklistPreview' });
export type DraftTracklistPreview = z.infer<typeof draftTracklistPreview>;

export const draftTracklistBody = z
  .object({ tracklist: publishDetails.shape.tracklist })
  .strict()
  .meta({ id: 'DraftTracklistBody' });
