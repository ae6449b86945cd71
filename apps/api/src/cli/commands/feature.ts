import { FEATURED_KINDS } from '@cratedig/contract/catalogue-api';
import { FeatureRefusal, isFeaturedKind, replaceFeatured } from '../../modules/import/feature-service';
import { type Command, CommandError } from '../command';

export const featureCommand: Command = {
  name: 'feature',
  summary: 'set a featured list of the home page, in order',
  usage: [
    'usage: npm run cratedig -- feature <kind> <id>…',
    '',
    `Replaces the featured ${FEATURED_KINDS.join(', ')} list with the given ids, in that order.`,
    'With no id the list is emptied and the home page shows the most liked recent items instead.',
  ].join('\n'),
  async run(ctx, args) {
    const [kind, ...rest] = args;
    if (!kind || !isFeaturedKind(kind)) {
      throw new CommandError(
        `feature: the kind must be one of ${FEATURED_KINDS.join(', ')}\n\n${this.usage}`,
        2,
      );
    }
    const ids = rest.map((arg) => (/^\d+$/.test(arg) ? Number(arg) : Number.NaN));
    const bad = rest.find((_, i) => !Number.isSafeInteger(ids[i]) || (ids[i] ?? 0) < 1);
    if (bad !== undefined) throw new CommandError(`feature: '${bad}' is not an id`, 2);
    try {
      await replaceFeatured({ db: ctx.database.db, config: ctx.config }, kind, ids);
    } catch (error) {
      if (error instanceof FeatureRefusal) throw new CommandError(`feature ${kind}: ${error.message}`);
      throw error;
    }
    ctx.out.info(ids.length === 0 ? `featured ${kind}: emptied` : `featured ${kind}: ${ids.join(', ')}`);
    return 0;
  },
};
