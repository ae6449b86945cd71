// `cratedig fingerprints [--status]`: reads the audio of every set not fingerprinted yet (the same job
// the server runs in the background), or with --status only reports how far it has got. Sets whose
// audio could not be read before are tried again.
import { FpcalcMissing } from '../../modules/fingerprints/fpcalc';
import { runFingerprints } from '../../modules/fingerprints/job';
import { fingerprintStatus, retryFailed } from '../../modules/fingerprints/store';
import { type Command, type CommandContext, CommandError } from '../command';

const usage = `usage: npm run cratedig -- fingerprints [--status]

Fingerprints the audio of every set that has none yet (or whose audio changed) with fpcalc
(apt-get install -y libchromaprint-tools), and sets whose audio could not be read before. Safe to
run again; an interrupted run goes on where it stopped. --status only reports the progress: sets
done, waiting and failed (with the reason), and the size of the fingerprints and their index.`;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

async function report(ctx: CommandContext): Promise<number> {
  const s = await fingerprintStatus(ctx.database.db);
  const waiting = Math.max(0, s.sets - s.done - s.failed.length);
  const hours = (s.items * (4096 / 3 / 11_025)) / 3600;
  ctx.out.info(
    `fingerprints: ${s.done}/${s.sets} sets done, ${waiting} waiting, ${s.failed.length} failed; ` +
      `${hours.toFixed(1)} h of audio in ${kb(s.bytes)} (${s.postings} index entries)`,
  );
  for (const f of s.failed) ctx.out.info(`  failed: set ${f.setId} "${f.setName}": ${f.error}`);
  return s.failed.length > 0 ? 1 : 0;
}

export const fingerprintsCommand: Command = {
  name: 'fingerprints',
  summary: 'fingerprint the sets not fingerprinted yet (--status: only report progress)',
  usage,
  async run(ctx, args) {
    const statusOnly = args.length === 1 && args[0] === '--status';
    if (args.length > 1 || (args.length === 1 && !statusOnly)) throw new CommandError(usage, 2);
    if (statusOnly) return report(ctx);
    await retryFailed(ctx.database.db);
    try {
      const run = await runFingerprints(ctx.database.db, {
        mediaDir: ctx.config.mediaDir,
        onProgress: (done, total) => ctx.out.progress(done, total, 'fingerprints'),
      });
      const speed = run.elapsedMs > 0 ? Math.round(run.audioSeconds / (run.elapsedMs / 1000)) : 0;
      ctx.out.info(
        `fingerprinted ${run.done} sets (${(run.audioSeconds / 3600).toFixed(1)} h of audio, ${speed}× real time), ${run.failed} failed`,
      );
    } catch (error) {
      if (error instanceof FpcalcMissing) throw new CommandError(error.message);
      throw error;
    }
    return report(ctx);
  },
};
