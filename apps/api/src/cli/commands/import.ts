import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ImportRefusal, type ImportReport, importFiles } from '../../modules/import/service';
import { SOURCE_EXTENSIONS } from '../../modules/import/sources';
import { type Command, CommandError } from '../command';

/** The files an argument names: itself, or the catalogue files, CUE sheets and tracklists under a folder. */
async function expand(path: string): Promise<string[]> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return [path]; // reported as unreadable with the others
  if (!info.isDirectory()) return [path];
  const entries = await readdir(path, { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) found.push(...(await expand(full)));
    else if (SOURCE_EXTENSIONS.some((ext) => entry.name.toLowerCase().endsWith(ext))) found.push(full);
  }
  return found;
}

function summary(report: ImportReport): string[] {
  const c = report.created;
  const m = report.matched;
  const verb = report.dryRun ? 'would create' : 'created';
  return [
    `${report.dryRun ? 'dry run: nothing written. ' : ''}${report.files} file(s)`,
    `${verb}: ${c.sets} sets (${c.setTracks} set tracks), ${c.tracks} tracks, ${c.artists} artists, ${c.labels} labels, ` +
      `${c.festivals} festivals, ${c.venues} venues${report.dryRun ? '' : `, ${c.mediaFiles} media files`}`,
    `matched existing: ${m.sets} sets, ${m.tracks} tracks, ${m.artists} artists, ${m.labels} labels, ${m.festivals} festivals, ${m.venues} venues`,
  ];
}

export const importCommand: Command = {
  name: 'import',
  summary: 'add sets with tracklists and audio from catalogue files, CUE sheets and tracklists',
  usage: [
    'usage: npm run cratedig -- import [--dry-run] <file or folder>…',
    '',
    'Reads catalogue files (.json), CUE sheets (.cue, with the MP3 their FILE names) and pasted',
    'tracklists (.txt, with the MP3 beside them); a folder is searched for all three. Everything is',
    'checked first; one bad file refuses the whole import and nothing is written. Artists, labels,',
    'festivals, venues, tracks and sets that already exist are reused (docs/import.md).',
    '',
    '  --dry-run   report what would be created, matched and refused; write nothing',
  ].join('\n'),
  async run(ctx, args) {
    const dryRun = args.includes('--dry-run');
    const unknown = args.find((a) => a.startsWith('-') && a !== '--dry-run');
    if (unknown) throw new CommandError(`import: unknown option ${unknown}\n\n${this.usage}`, 2);
    const named = args.filter((a) => !a.startsWith('-'));
    if (named.length === 0) throw new CommandError(this.usage, 2);
    const cwd = ctx.cwd ?? process.cwd();
    const files = (await Promise.all(named.map((p) => expand(resolve(cwd, p))))).flat();
    if (files.length === 0)
      throw new CommandError(`import: no .json, .cue or .txt file in ${named.join(', ')}`);
    const started = Date.now();
    try {
      const report = await importFiles({ db: ctx.database.db, config: ctx.config }, files, {
        cwd,
        dryRun,
        progress: (done, total, label) => ctx.out.progress(done, total, label),
      });
      for (const line of summary(report)) ctx.out.info(line);
      ctx.out.info(`in ${((Date.now() - started) / 1000).toFixed(2)} s`);
      return 0;
    } catch (error) {
      if (error instanceof ImportRefusal) {
        for (const line of error.problems) ctx.out.error(line);
        throw new CommandError(
          `import refused${dryRun ? ' (dry run)' : ''}: ${error.problems.length} problem(s); nothing was written`,
        );
      }
      throw error;
    }
  },
};
