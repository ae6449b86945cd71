// What the tracklist page says: each line's outcome in a few words, and a sentence for every refusal.
import type { TracklistLine, TracklistProposed } from '@cratedig/contract/contribute-api';
import type { LineOutcome } from '@cratedig/contract/contribute-limits';
import { isApiError } from '../../api/api-error';
import { formatClock } from '../../lib/format';

export const OUTCOME_LABELS: Record<LineOutcome, string> = {
  same: 'Matches the set',
  suggestion: 'Suggestion',
  known: 'In the catalogue',
  new: 'New track',
  id: 'ID line',
  skipped: 'Skipped',
  problem: 'Problem',
};

/**
 * Where a set's row is: 'at 5:00', or in a list without times its place, 'listed as track 4' (a time
 * such a row has would only be the recording's start).
 */
export function rowPlace(row: TracklistLine['set_row']): string {
  if (!row) return '';
  return row.untimed ? `listed as track ${row.track_position}` : `at ${formatClock(row.start_time)}`;
}

/** One sentence under the line: where it lands and what happens to it. */
export function lineSummary(line: TracklistLine): string {
  const row = line.set_row;
  const place = rowPlace(row);
  switch (line.outcome) {
    case 'same':
      return row?.untimed
        ? `Matches track ${row.track_position} of the set's list.`
        : `Matches the set's track ${place}.`;
    case 'suggestion':
      return `Suggestion for the ID ${place}${line.track?.track_meta_id ? ', naming a track Cratedig knows' : ''}.`;
    case 'problem':
      return `Line ${line.line}: ${line.note ?? 'this line cannot be read.'}`;
    default:
      return line.note ?? '';
  }
}

/** The names the catalogue would learn from the line, when it becomes a suggestion that is accepted. */
export function newNames(line: TracklistLine): string | null {
  const parts: string[] = [];
  if (line.new_artists.length > 0)
    parts.push(`${line.new_artists.length === 1 ? 'artist' : 'artists'} ${line.new_artists.join(', ')}`);
  if (line.new_labels.length > 0) parts.push(`label ${line.new_labels.join(', ')}`);
  return parts.length > 0 ? `New to Cratedig: ${parts.join(' · ')}` : null;
}

export const PROPOSED_LABELS: Record<TracklistProposed['status'], string> = {
  created: 'Suggested: open for votes',
  existing: 'Already suggested by someone else: your line counts as that suggestion, vote on it',
  own_open: 'You already have an open suggestion for this ID',
  limited: 'Not sent: you reached the hourly limit of suggestions, send it again later',
};

/** 'in 40 seconds', 'in 12 minutes', from a 429's Retry-After. */
function retryWhen(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return 'in a little while';
  if (seconds < 60) return `in ${Math.ceil(seconds)} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 60
    ? `in ${minutes} minute${minutes === 1 ? '' : 's'}`
    : `in ${Math.ceil(minutes / 60)} hours`;
}

/** The sentence for a refused preview or submission, with the server's per-line reasons when it gave them. */
export function refusalOf(error: unknown): { message: string; details: string[] } {
  if (!isApiError(error)) return { message: 'That did not go through. Please try again.', details: [] };
  if (error.status === 429)
    return {
      message: `${error.message.replace(/ Please try again.*$/, '')} Try again ${retryWhen(error.retryAfterS)}.`,
      details: [],
    };
  if (error.kind === 'network')
    return { message: 'The server is unresponsive. Please try again.', details: [] };
  if (error.status >= 500) return { message: 'That did not go through. Please try again.', details: [] };
  const json = (error.errors as { json?: Record<string, string[]> } | undefined)?.json ?? {};
  return { message: error.message, details: json.text ?? [] };
}
