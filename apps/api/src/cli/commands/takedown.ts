// `cratedig takedown <set id> --reason "…"`: takes a DJ's published set off Cratedig (docs/publishing.md
// "Takedown"), marks its draft taken down with the reason and notifies its owner, in one transaction.
import { TakedownRefused, takedown } from '../../modules/publish/takedown';
import { optionValue, parseId } from '../args';
import { type Command, CommandError } from '../command';

const usage = `usage: npm run cratedig -- takedown <set id> --reason "<why>"

Removes a set a DJ published (with its likes, queue places, comments and notifications, as a deletion
does), keeps the draft's media, marks the draft taken down with the reason and notifies its owner,
who sees the reason in their sets. The set cannot be published again. Imported sets have no owner
and are refused.`;

export const takedownCommand: Command = {
  name: 'takedown',
  summary: "take a DJ's published set down and tell its owner why",
  usage,
  async run(ctx, args) {
    const reason = optionValue(args, 'reason');
    const named = args.filter((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--reason');
    if (
      named.length !== 1 ||
      args.some((a) => a.startsWith('--') && a !== '--reason' && !a.startsWith('--reason='))
    )
      throw new CommandError(usage, 2);
    const setId = parseId(named[0], 'set id');
    if (reason === undefined || reason.trim() === '')
      throw new CommandError(`takedown: --reason is required: the owner is told why.\n\n${usage}`, 2);
    try {
      const done = await takedown({ db: ctx.database.db, config: ctx.config }, setId, reason);
      ctx.out.info(
        `took down set ${setId} ('${done.upload.set_name ?? ''}'): its draft ${done.upload.id} is taken down, its owner notified`,
      );
      return 0;
    } catch (error) {
      if (error instanceof TakedownRefused) throw new CommandError(`takedown refused: ${error.message}`);
      throw error;
    }
  },
};
