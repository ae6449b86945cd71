// `cratedig fingerprints [--status]`: reads the audio of every set not read yet by the current
// landmark method (the same job the server runs in the background), or with --status only reports how
// far it has got. Sets whose audio could not be read before are tried again.

import { openMediaStore } from '../../lib/open-media-store';
import { runFingerprints } from '../../modules/fingerprints/job';
import { landmarkStatus, retryFailedLandmarks } from '../../modules/fingerprints/landmark-store';
import { FfmpegMissing } from '../../modules/fingerprints/landmarks/decode';
import { type Command, type CommandContext, CommandError } from '../command';

const usage = `usage: npm run cratedig -- fingerprints [--status]

Reads the audio of every set that has no landmarks yet (or whose audio changed, or that an older
method read) with ffmpeg (apt-get install -y ffmpeg), and sets whose audio could not be read before.
Safe to run again; an interrupted run goes on where it stopped, and a set waiting to be read again
keeps answering from what it has. --status only reports the progress: sets done, waiting and failed
(with the reason), and the size of the peaks and the index.`;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function report(ctx: CommandContext): Promise<number> {
  const s = await landmarkStatus(ctx.database.db);
  const waiting = Math.max(0, s.sets - s.current - s.failed.length);
  const hours = s.seconds / 3600;
  ctx.out.info(
    `fingerprints: ${s.current}/${s.sets} sets read by the current method, ${waiting} waiting, ` +
      `${s.failed.length} failed; ${hours.toFixed(1)} h of audio, ${s.landmarks} landmarks in the index ` +
      `(${hours > 0 ? Math.round(s.landmarks / s.seconds) : 0} a second), peaks ${mb(s.peakBytes)}`,
  );
  for (const f of s.failed) ctx.out.info(`  failed: set ${f.setId} "${f.setName}": ${f.error}`);
  return s.failed.length > 0 ? 1 : 0;
}

export const fingerprintsCommand: Command = {
  name: 'fingerprints',
  summary: 'read the audio of the sets not read yet (--status: only report progress)',
  usage,
  async run(ctx, args) {
    const statusOnly = args.length === 1 && args[0] === '--status';
    if (args.length > 1 || (args.length === 1 && !statusOnly)) throw new CommandError(usage, 2);
    if (statusOnly) return report(ctx);
    await retryFailedLandmarks(ctx.database.db);
    const media = await openMediaStore(ctx.config);
    try {
      const run = await runFingerprints(ctx.database.db, {
        media,
        onProgress: (done, total) => ctx.out.progress(done, total, 'fingerprints'),
      });
      const speed = run.cpuMs > 0 ? Math.round(run.audioSeconds / (run.cpuMs / 1000)) : 0;
      ctx.out.info(
        `read ${run.done} sets (${(run.audioSeconds / 3600).toFixed(1)} h of audio, ${speed}× real time per core in this process), ${run.failed} failed; heard ${run.scanned} sets against the others`,
      );
    } catch (error) {
      if (error instanceof FfmpegMissing) throw new CommandError(error.message);
      throw error;
    } finally {
      await media.close();
    }
    return report(ctx);
  },
};
