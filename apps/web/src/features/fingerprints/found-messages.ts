// What the fingerprint sections say: how a copy was played (its speed), what became of the found
// tracks sent as suggestions, and a sentence for every refusal.
import type { FoundProposals, FoundSkipReason } from '@cratedig/contract/found-proposals-api';
import { isApiError } from '../../api/api-error';
import { plural } from '../../lib/format';

/**
 * 'played 4 % faster', 'played 2.5 % slower, key locked'; null when the copy plays at the speed it
 * was found by (under half a percent either way, a DJ's pitch fader at rest).
 */
export function speedNote(speed: number, keyLocked: boolean): string | null {
  if (!Number.isFinite(speed)) return null;
  const percent = Math.round(Math.abs(speed - 1) * 1000) / 10;
  if (percent < 0.5) return null;
  const shown = Number.isInteger(percent) ? String(percent) : percent.toFixed(1);
  return `played ${shown} % ${speed > 1 ? 'faster' : 'slower'}${keyLocked ? ', key locked' : ''}`;
}

export const SKIP_LABELS: Record<FoundSkipReason, string> = {
  suggested: 'already suggested by someone else: vote on it',
  own_open: 'you already have an open suggestion for this ID',
  named: 'the tracklist already names this ID',
  limited: 'not sent: you reached the hourly limit of suggestions',
};

/** The headline after sending, and one line per kind of track that was not sent. */
export function sentSummary(result: FoundProposals): { title: string; notes: string[] } {
  const sent = result.proposed.length;
  const title =
    sent > 0
      ? `Sent ${plural(sent, 'suggestion')}: the crowd confirms ${sent === 1 ? 'it' : 'them'}.`
      : 'Nothing new to send.';
  const notes: string[] = [];
  const added = result.proposed.filter((p) => p.new_entry).length;
  if (added > 0)
    notes.push(
      `${added} new ID ${added === 1 ? 'entry' : 'entries'} added where the tracklist named nothing.`,
    );
  const counts = new Map<FoundSkipReason, number>();
  for (const s of result.skipped) counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
  for (const [reason, n] of counts) notes.push(`${plural(n, 'track')}: ${SKIP_LABELS[reason]}.`);
  return { title, notes };
}

/** 'in 40 seconds', 'in 12 minutes', from a 429's Retry-After. */
function retryWhen(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return 'in a little while';
  if (seconds < 60) return `in ${Math.ceil(seconds)} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 60
    ? `in ${minutes} minute${minutes === 1 ? '' : 's'}`
    : `in ${Math.ceil(minutes / 60)} hours`;
}

/** The sentence for a refused send. */
export function sendRefusal(error: unknown): string {
  if (!isApiError(error)) return 'That did not go through. Please try again.';
  if (error.status === 429)
    return `${error.message.replace(/ Please try again.*$/, '')} Try again ${retryWhen(error.retryAfterS)}.`;
  if (error.kind === 'network') return 'The server is unresponsive. Please try again.';
  if (error.status >= 500) return 'That did not go through. Please try again.';
  return error.message || 'That did not go through. Please try again.';
}
