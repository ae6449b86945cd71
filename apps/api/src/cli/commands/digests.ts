// `cratedig digests [--now <ISO time>]`: runs the due-digest job at once, the same job the server's
// job engine runs every 15 minutes. A second run for the same period sends nothing.
import { createMailer } from '../../lib/mailer';
import { runDueDigests } from '../../modules/notifications/digest-service';
import { optionValue } from '../args';
import { type Command, CommandError } from '../command';

const usage = `usage: npm run cratedig -- digests [--now <ISO time>]

Sends the email digests that are due: for each user with notifications on, one mail for their last
complete day, week or month (UTC) listing the releases they were notified of since their last digest.
--now pretends the time is another (e.g. 2026-11-24T08:00:00Z). Running it again for the same period
sends nothing.`;

export const digestsCommand: Command = {
  name: 'digests',
  summary: 'send the email digests that are due now',
  usage,
  async run(ctx, args) {
    const nowText = optionValue(args, 'now');
    const rest = args.filter((arg, i) => !arg.startsWith('--now') && args[i - 1] !== '--now');
    if (rest.length > 0) throw new CommandError(usage, 2);
    const now = nowText === undefined ? new Date() : new Date(nowText);
    if (Number.isNaN(now.getTime()) || (nowText !== undefined && !/^\d{4}-\d{2}-\d{2}/.test(nowText))) {
      throw new CommandError(`--now must be an ISO time such as 2026-11-24T08:00:00Z, got '${nowText}'.`, 2);
    }
    const result = await runDueDigests(
      { db: ctx.database.db, config: ctx.config },
      { now, mailer: createMailer(ctx.config.auth), log: { warn: (message) => ctx.out.error(message) } },
    );
    ctx.out.info(
      `digests at ${now.toISOString()}: ${result.due} due, ${result.sent} sent, ${result.skipped} already sent or empty, ${result.failed} failed`,
    );
    return result.failed > 0 ? 1 : 0;
  },
};
