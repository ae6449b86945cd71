// Email digests (docs/ids-and-identifications.md: one mail per user and period, exactly once even with
// several instances). Each due user's digest goes through three steps:
//   1. claim: one transaction locks the user's row, checks that no digest covers the period yet, marks
//      every notification no digest covered yet (from before the period's end) as covered by this one
//      and inserts the digests row (unique per user and period end);
//   2. send the mail;
//   3. record it sent.
// A second instance or run finds the row of step 1 and sends nothing. A mail the transport refused is
// known unsent: its claim and marks are dropped so the next run retries. A crash between 2 and 3 leaves a claimed
// row that is never sent again: a digest may then be lost, never sent twice
// (docs/decisions/0010-job-engine-and-exactly-once-digests.md, 0019-digests-cover-every-notification.md).
import { NOTIFICATION_TIMEFRAMES } from '@cratedig/contract/constants';
import type { Notification } from '@cratedig/contract/notification';
import type { Mailer } from '../../lib/mailer';
import type { ServiceContext } from '../../plugins/service-context';
import { DIGEST_MAX_ITEMS, type DigestContent, digestMessage } from './digest-mail';
import { lastCompletePeriod, type Period } from './digest-periods';
import * as q from './digest-queries';

export interface DigestRunOptions {
  now: Date;
  mailer: Mailer;
  /** Digests sent at the same time (each is a transaction and a mail). */
  concurrency?: number;
  /** Tests: runs between sending a mail and recording it (a throw there stands for a crash). */
  afterSend?: (userId: number) => Promise<void> | void;
  log?: { warn(message: string): void };
}

export interface DigestRunResult {
  /** Users found due at the start of the run. */
  due: number;
  /** Mails sent by this run. */
  sent: number;
  /** Due users another instance or run claimed first, or who had nothing new after all. */
  skipped: number;
  /** Mails the transport refused (retried by a later run). */
  failed: number;
}

interface Claim {
  content: DigestContent;
  period: Period;
}

/** The claim found the period claimed already (another run won the race): nothing may stay marked. */
class AlreadyClaimed extends Error {}

async function claim(ctx: ServiceContext, userId: number, now: Date): Promise<Claim | undefined> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const user = await q.lockUser(tx, userId);
      if (!user?.notification_preferences_enabled) return undefined;
      // The timeframe read now decides the period: a change applies from the next period to end.
      const period = lastCompletePeriod(user.notification_timeframe, now);
      const covered = await q.coveredUntil(tx, userId);
      if (covered && covered.getTime() >= period.end.getTime()) return undefined;
      // Everything no digest covered yet, however long since the last one: a period the job missed
      // (the server was stopped over its end) or notifications that came while digests were off.
      const { items, total, oldest } = await q.coverNotifications<Notification>(
        tx,
        userId,
        period.end,
        DIGEST_MAX_ITEMS,
      );
      if (total === 0 || !oldest) return undefined;
      const inserted = await q.insertClaim(tx, {
        userId,
        periodEnd: period.end,
        coveredFrom: oldest,
        timeframe: user.notification_timeframe,
        count: total,
      });
      // Rolls the marks back with the transaction.
      if (!inserted) throw new AlreadyClaimed();
      return {
        period,
        content: {
          userId,
          email: user.email,
          username: user.username,
          timeframe: user.notification_timeframe,
          items,
          total,
          reachesBack: oldest.getTime() < period.start.getTime(),
        },
      };
    });
  } catch (error) {
    if (error instanceof AlreadyClaimed) return undefined;
    throw error;
  }
}

/** Sends every digest due at `now` that no instance or run has claimed yet. */
export async function runDueDigests(
  ctx: ServiceContext,
  options: DigestRunOptions,
): Promise<DigestRunResult> {
  const periods = Object.fromEntries(
    NOTIFICATION_TIMEFRAMES.map((timeframe) => [timeframe, lastCompletePeriod(timeframe, options.now)]),
  ) as q.PeriodsByTimeframe;
  const due = await q.findDueUsers(ctx.db, periods);
  const result: DigestRunResult = { due: due.length, sent: 0, skipped: 0, failed: 0 };
  let next = 0;
  const worker = async () => {
    while (next < due.length) {
      const userId = due[next++] as number;
      const claimed = await claim(ctx, userId, options.now);
      if (!claimed) {
        result.skipped += 1;
        continue;
      }
      try {
        await options.mailer.send(digestMessage(ctx.config, claimed.content));
      } catch (error) {
        // The transport refused it: nothing went out, so the claim goes and a later run retries.
        await ctx.db.transaction((tx) => q.dropClaim(tx, userId, claimed.period.end));
        result.failed += 1;
        options.log?.warn(
          `digest for user ${userId} not sent: ${error instanceof Error ? error.message : String(error)}`,
        );
        continue;
      }
      result.sent += 1;
      await options.afterSend?.(userId);
      await q.markSent(ctx.db, userId, claimed.period.end);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  return result;
}
