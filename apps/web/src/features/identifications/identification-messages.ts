// What the identification screens say: their toasts, and a clear sentence for every refusal of the
// server (rate limits say when to try again; a duplicate points at the suggestion to vote on).
import { isApiError } from '../../api/api-error';

export const IDENTIFICATION_MESSAGES = {
  proposed: 'Thanks! Your suggestion is open for votes.',
  withdrawn: 'Suggestion withdrawn.',
  voteConfirm: 'You confirmed this suggestion.',
  voteReject: 'You rejected this suggestion.',
  voteTakenBack: 'Your vote was taken back.',
  decided: 'This suggestion was decided meanwhile.',
  duplicate: 'Someone already suggested this. Vote on their suggestion instead.',
  failed: 'That did not go through. Please try again.',
} as const;

/** 'in 40 seconds', 'in 12 minutes', 'in 2 hours', from a 429's Retry-After. */
export function retryWhen(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return 'in a little while';
  if (seconds < 60) return `in ${Math.ceil(seconds)} second${Math.ceil(seconds) === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `in ${hours} hour${hours === 1 ? '' : 's'}`;
}

/** The sentence for a refused vote, withdrawal or suggestion. */
export function refusalMessage(error: unknown, action: 'vote' | 'suggest' | 'withdraw'): string {
  if (!isApiError(error)) return IDENTIFICATION_MESSAGES.failed;
  if (error.status === 429) {
    const what = action === 'suggest' ? 'made many suggestions' : 'voted many times';
    return `You have ${what} in a short time. Try again ${retryWhen(error.retryAfterS)}.`;
  }
  if (error.status === 409 && action !== 'suggest') return IDENTIFICATION_MESSAGES.decided;
  if (error.kind === 'network') return 'The server is unresponsive. Please try again.';
  if (error.status >= 500) return IDENTIFICATION_MESSAGES.failed;
  // The server's own sentence for the rest (your own suggestion, someone else's, a bad text).
  return error.message || IDENTIFICATION_MESSAGES.failed;
}
