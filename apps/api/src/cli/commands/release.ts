// `cratedig release <ID track id> <released track id>`: links an ID to the track it came out as and
// notifies, in the same transaction, every listener who watches or favourited the ID.
import { ReleaseRefused, releaseId } from '../../modules/catalogue/release-service';
import { parseId } from '../args';
import { type Command, CommandError } from '../command';

const usage = `usage: npm run cratedig -- release <ID track id> <released track id>

Marks the ID (a track with mix type ID) as released as the other track. Everyone who watches or
favourited the ID gets one notification, in the same transaction. Releasing the same pair again
notifies only listeners who started waiting since, and nobody twice.`;

export const releaseCommand: Command = {
  name: 'release',
  summary: 'release an ID as a track and notify the listeners waiting for it',
  usage,
  async run(ctx, args) {
    if (args.length !== 2) throw new CommandError(usage, 2);
    const idTrackId = parseId(args[0], 'ID track id');
    const releasedTrackId = parseId(args[1], 'released track id');
    try {
      const result = await releaseId({ db: ctx.database.db, config: ctx.config }, idTrackId, releasedTrackId);
      const pair = `ID ${result.id.id} (${result.id.artist} – ${result.id.title}) → track ${result.released.id} (${result.released.artist} – ${result.released.title})`;
      ctx.out.info(result.created ? `released ${pair}` : `already released: ${pair}`);
      ctx.out.info(`${result.notified} ${result.notified === 1 ? 'listener' : 'listeners'} notified`);
      return 0;
    } catch (error) {
      if (error instanceof ReleaseRefused) throw new CommandError(error.message);
      throw error;
    }
  },
};
