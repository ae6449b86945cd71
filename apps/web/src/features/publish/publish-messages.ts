// The publishing screens' words (docs/publishing.md), kept in one place so pages, tests and the journey
// read the same strings. Refusals the server gives come in its own words (the error's `message`); these
// are what the page says itself, in the same words as the contract's publishMessages.
import type { PublishState } from '@cratedig/contract/publish-api';

export const STATE_LABELS: Record<PublishState, string> = {
  uploading: 'Uploading',
  processing: 'Processing',
  ready: 'Ready to publish',
  published: 'Published',
  failed: 'Failed',
  taken_down: 'Taken down',
};

export const STEP_LABELS = {
  probe: 'Checking the recording',
  rendition: 'Making the stream',
} as const;

/** Which missing detail a draft still needs, as the form names it. */
export const FIELD_LABELS: Record<string, string> = {
  set_name: 'the set name',
  djs: 'the DJ',
  recorded_date: 'the recorded date',
  genre: 'the genre',
  festival: 'the festival',
  venue: 'the venue',
  tracklist: 'the tracklist',
};

export const PUBLISH_TEXT = {
  title: 'Publish a set',
  lede: 'Upload your recording and fill in its details while it goes up. Cratedig checks it, makes the stream and listens for the tracks you played.',
  dropTitle: 'Drop your recording here',
  chooseTitle: 'Choose your recording',
  dropLine: 'MP3, WAV, FLAC, AIFF, M4A/AAC or OGG/Opus, one file up to',
  choose: 'Choose a file',
  notOneFile: 'Drop one recording at a time.',
  lost: 'The connection to Cratedig was lost. The upload carries on from where it stopped when you resume.',
  gone: 'This upload is no longer on Cratedig. Start again with the file.',
  sameFile: (name: string, size: string) =>
    `Choose the same file again to carry on: ${name} (${size}). The part already sent is not sent twice.`,
  notSameFile: (name: string) => `This is not the file this draft was started with. Choose ${name}.`,
  waitingForDetails: 'The details form opens as soon as Cratedig has the first bytes.',
  processing: 'Processing your recording',
  processingLine: 'You can leave this page: the draft waits for you in My sets.',
  ready: 'Ready to publish',
  readyLine: 'Your recording is checked and its stream is ready.',
  publish: 'Publish',
  published: 'Your set is live.',
  failed: 'This recording could not be published',
  startAgain: 'Upload another file',
  deleteDraft: 'Delete this draft',
  cancelConfirm: 'What was sent so far is removed from Cratedig. The file on your computer stays as it is.',
  takenDown: 'This set was taken down',
  artworkTooBig: (max: string) => `This picture is larger than ${max}. Choose a smaller one.`,
  artworkTooSmall: (px: number) =>
    `This picture is too small: use one at least ${px} pixels on its short side.`,
  artworkNotImage: 'Choose a picture: a JPEG, PNG or WebP file.',
  saved: 'All changes saved',
  saving: 'Saving…',
  notSaved: 'Not saved yet',
  savedOnceComplete: 'Saved as soon as the set name, a DJ and the recorded date are in',
  unpublishTitle: 'Unpublish this set?',
  unpublishLine:
    'It leaves Cratedig at once: its likes, comments and places in listeners’ queues go with it. The draft stays in My sets, with its details and tracklist, ready to publish again.',
  deleteTitle: 'Delete this set?',
  deleteLine:
    'The recording, its artwork and its details are removed for good. A published set goes with its likes, comments and queue places.',
  myEmptyTitle: 'You have not published a set yet',
  myEmptyLine: 'Upload a recording of your own and share it with every digger on Cratedig.',
  stillListening: 'Cratedig is still listening to your recording…',
  nothingRecognised: 'Cratedig heard nothing more than your tracklist already names.',
  recognisedTitle: 'Recognised in your recording',
} as const;

/** 'Fill in the set name, the DJ and the recorded date to publish.' */
export function missingLine(missing: readonly string[]): string {
  const names = missing.map((field) => FIELD_LABELS[field] ?? field.replace(/_/g, ' '));
  if (names.length === 0) return '';
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `Fill in ${list} to publish.`;
}
