import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { GENRES } from '@cratedig/contract/constants';
import {
  dateOf,
  genreOf,
  type ImportOptions,
  ImportRefusal,
  type ImportReport,
  importFiles,
} from '../../modules/import/service';
import { SOURCE_EXTENSIONS } from '../../modules/import/sources';
import { optionValue } from '../args';
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

/** The --genre, --date and --cue-index values, checked: a usage error (exit 2) names a bad one. */
function defaultsOf(args: string[]): NonNullable<ImportOptions['defaults']> {
  const out: NonNullable<ImportOptions['defaults']> = {};
  const genre = optionValue(args, 'genre');
  if (genre !== undefined) {
    const known = genreOf(genre);
    if (!known) throw new CommandError(`--genre '${genre}' is not one of: ${GENRES.join(', ')}`, 2);
    out.genre = known;
  }
  const date = optionValue(args, 'date');
  if (date !== undefined) {
    const iso = dateOf(date);
    if (!iso) throw new CommandError(`--date '${date}' is not a date (YYYY-MM-DD or YYYY)`, 2);
    out.date = iso;
  }
  const style = optionValue(args, 'cue-index');
  if (style !== undefined) {
    if (style !== 'frames' && style !== 'hms')
      throw new CommandError(`--cue-index '${style}' is neither frames nor hms`, 2);
    out.cueIndex = style;
  }
  return out;
}

/** The names a run adds, so a dry run shows what would appear in search, follows and artist pages. */
export function newNames(report: Pick<ImportReport, 'newArtists' | 'newLabels'>): string[] {
  const lines: string[] = [];
  // Enough names to spot a misread credit; a bulk import of a whole catalogue says how many more.
  const SHOWN = 40;
  const list = (names: string[]) =>
    names
      .slice(0, SHOWN)
      .map((n) => `'${n}'`)
      .join(', ') + (names.length > SHOWN ? ` and ${names.length - SHOWN} more` : '');
  if (report.newArtists.length > 0)
    lines.push(`new artists (${report.newArtists.length}): ${list(report.newArtists)}`);
  if (report.newLabels.length > 0)
    lines.push(`new labels (${report.newLabels.length}): ${list(report.newLabels)}`);
  return lines;
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
    ...newNames(report),
    ...report.notes,
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
    '  --dry-run           report what would be created, matched and refused; write nothing',
    '  --genre <genre>     the genre of sets whose source names none of ours (else the audio tags)',
    '  --date <date>       the recorded date of sets whose source gives none (else the audio tags,',
    '                      then the audio file date)',
    '  --cue-index <style> how CUE INDEX times are written when a sheet could be read both ways:',
    '                      frames (mm:ss:ff, the standard) or hms (hh:mm:ss, rekordbox recordings)',
  ].join('\n'),
  async run(ctx, args) {
    const dryRun = args.includes('--dry-run');
    const valued = ['--genre', '--date', '--cue-index'];
    const named: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const arg = args[i] ?? '';
      if (valued.includes(arg)) i++;
      else if (arg === '--dry-run' || valued.some((v) => arg.startsWith(`${v}=`))) continue;
      else if (arg.startsWith('-'))
        throw new CommandError(`import: unknown option ${arg}\n\n${this.usage}`, 2);
      else named.push(arg);
    }
    const defaults = defaultsOf(args);
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
        defaults,
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
