import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { exportCatalogue } from '../../modules/import/export-service';
import { type Command, CommandError } from '../command';

export const exportCommand: Command = {
  name: 'export',
  summary: 'write the catalogue (or some sets) as a catalogue file (JSON)',
  usage: [
    'usage: npm run cratedig -- export [--sets <id,id,…>] <file>',
    '',
    'Writes artists, labels, festivals, venues, tracks, sets with their track lists and the featured',
    'lists in the format `import` reads (docs/import.md). With --sets, only those sets and what they',
    'reference. Audio and artwork stay as /media/... paths: copy the media folder along with the file.',
  ].join('\n'),
  async run(ctx, args) {
    let setIds: number[] | undefined;
    const rest: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const arg = args[i] as string;
      if (arg === '--sets' || arg.startsWith('--sets=')) {
        const value = arg === '--sets' ? args[++i] : arg.slice('--sets='.length);
        const parts = (value ?? '').split(',').filter((p) => p !== '');
        if (parts.length === 0 || parts.some((p) => !/^\d+$/.test(p))) {
          throw new CommandError(`export: --sets takes ids separated by commas, e.g. --sets 3,5`, 2);
        }
        setIds = parts.map(Number);
      } else rest.push(arg);
    }
    if (rest.length !== 1) throw new CommandError(this.usage, 2);
    const target = resolve(ctx.cwd ?? process.cwd(), rest[0] as string);
    const started = Date.now();
    let file: Awaited<ReturnType<typeof exportCatalogue>>;
    try {
      file = await exportCatalogue(
        { db: ctx.database.db, config: ctx.config },
        { ...(setIds ? { setIds } : {}), progress: (d, t, l) => ctx.out.progress(d, t, l) },
      );
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) {
        throw new CommandError(
          `export: ${(error as Error).message} (--sets names a set that does not exist)`,
        );
      }
      throw error;
    }
    await writeFile(target, `${JSON.stringify(file, null, 2)}\n`);
    ctx.out.info(
      `exported ${file.sets?.length ?? 0} sets, ${file.tracks?.length ?? 0} tracks, ${file.artists?.length ?? 0} artists, ` +
        `${file.labels?.length ?? 0} labels to ${rest[0]} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return 0;
  },
};
