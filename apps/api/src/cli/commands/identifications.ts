// `cratedig identifications [--open]` lists the crowd's suggestions of what IDs are, and `cratedig
// identification accept|reject <id>` decides one by hand: the same transaction and notifications as the
// vote that decides it (docs/identifications-api.md).
import { sql } from 'drizzle-orm';
import { DecisionRefused, decideByOperator } from '../../modules/identifications/service';
import { parseId } from '../args';
import { type Command, CommandError } from '../command';

const listUsage = `usage: npm run cratedig -- identifications [--open]

Lists the suggestions of what IDs are, newest first: id, status, votes (confirm/reject and their
weighted score), the ID, what it names and who suggested it. --open lists only those still open.`;

interface Row {
  id: number;
  status: string;
  confirm_count: number;
  reject_count: number;
  score: number;
  id_track_id: number;
  named: string;
  author: string;
}

export const identificationsCommand: Command = {
  name: 'identifications',
  summary: 'list the suggestions of what IDs are (--open: only open ones)',
  usage: listUsage,
  async run(ctx, args) {
    const openOnly = args.length === 1 && args[0] === '--open';
    if (args.length > 1 || (args.length === 1 && !openOnly)) throw new CommandError(listUsage, 2);
    const result = (await ctx.database.db.execute(sql`
      select p.id, p.status, p.confirm_count, p.reject_count, p.score, p.id_track_id, u.username as author,
        coalesce(t.artist, p.artist) || ' – ' || coalesce(t.title, p.title)
          || coalesce(' (' || coalesce(t.mix_name, p.mix_name) || ')', '')
          || case when t.id is null then '' else ' [track ' || t.id || ']' end as named
      from identifications p join users u on u.id = p.author_id left join tracks t on t.id = p.track_id
      ${openOnly ? sql`where p.status = 'open'` : sql``}
      order by p.created_dt desc, p.id desc`)) as unknown as { rows: Row[] };
    if (result.rows.length === 0) {
      ctx.out.info(openOnly ? 'no open suggestions' : 'no suggestions');
      return 0;
    }
    for (const r of result.rows) {
      ctx.out.info(
        `${r.id}\t${r.status}\t+${r.confirm_count}/-${r.reject_count} (score ${r.score})\tID ${r.id_track_id}\t${r.named}\tby ${r.author}`,
      );
    }
    return 0;
  },
};

const decideUsage = `usage: npm run cratedig -- identification accept|reject <suggestion id>

Decides an open suggestion by hand, as a deciding vote would: accepting one that names a catalogue
track releases the ID to it and notifies everyone waiting; accepting a description marks the ID
identified (unreleased) and tells its watchers; the ID's other open suggestions close as rejected, and
the author is told.`;

export const identificationCommand: Command = {
  name: 'identification',
  summary: 'accept or reject a suggestion of what an ID is',
  usage: decideUsage,
  async run(ctx, args) {
    const [action, rawId] = args;
    if (args.length !== 2 || (action !== 'accept' && action !== 'reject'))
      throw new CommandError(decideUsage, 2);
    const id = parseId(rawId, 'suggestion id');
    try {
      const result = await decideByOperator(
        { db: ctx.database.db, config: ctx.config },
        id,
        action === 'accept' ? 'accepted' : 'rejected',
      );
      ctx.out.info(`suggestion ${id} ${result.decision}`);
      if (result.decision === 'accepted') {
        ctx.out.info(`${result.notified} ${result.notified === 1 ? 'listener' : 'listeners'} notified`);
        if (result.closed.length > 0) ctx.out.info(`closed as rejected: ${result.closed.join(', ')}`);
      }
      return 0;
    } catch (error) {
      if (error instanceof DecisionRefused) throw new CommandError(error.message);
      throw error;
    }
  },
};
