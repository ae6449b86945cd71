// Digest periods (docs/ids-and-identifications.md: a digest every day, week or month). Periods are calendar
// periods in UTC: days from midnight, weeks from Monday, months from the 1st. A digest for a period is due
// once the period has ended, and lists the notifications created during it.
import type { NotificationTimeframe } from '@cratedig/contract/constants';

export interface Period {
  /** Inclusive. */
  start: Date;
  /** Exclusive; the key of the digest (one per user and period end). */
  end: Date;
}

function startOfDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/** The last complete period of the timeframe at `now`: the one that ended most recently. */
export function lastCompletePeriod(timeframe: NotificationTimeframe, now: Date): Period {
  const today = startOfDay(now);
  if (timeframe === 'daily') {
    return { start: new Date(today.getTime() - 86_400_000), end: today };
  }
  if (timeframe === 'weekly') {
    // getUTCDay: Sunday 0 … Saturday 6; weeks start on Monday.
    const sinceMonday = (today.getUTCDay() + 6) % 7;
    const end = new Date(today.getTime() - sinceMonday * 86_400_000);
    return { start: new Date(end.getTime() - 7 * 86_400_000), end };
  }
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)), end };
}
