// `cratedig import`: read and check every file, resolve names against the catalogue, then add what
// is new in ONE transaction together with the maintained counts; media copies become visible only
// when that transaction commits. Any refusal leaves the catalogue and the media folder as they were.
import { openMediaStore } from '../../lib/open-media-store';
import type { ServiceContext } from '../../plugins/service-context';
import { ImportRefusal } from './batch';
import type { SourceContext } from './cue';
import { MediaStage } from './media';
import { NameIndexes, type Plan, planImport } from './plan';
import { readSources } from './sources';
import { type Created, writePlan } from './write';

export interface ImportOptions {
  /** Folder relative paths were given from (messages name files relative to it). */
  cwd: string;
  dryRun?: boolean;
  /** For sources that leave them out: the set's genre and date, and how CUE INDEX times are written. */
  defaults?: SourceContext['defaults'];
  progress?: (done: number, total: number, label: string) => void;
}

export interface Tally {
  sets: number;
  tracks: number;
  artists: number;
  labels: number;
  festivals: number;
  venues: number;
}

export interface ImportReport {
  files: number;
  created: Tally & { setTracks: number; mediaFiles: number };
  matched: Tally;
  /** The names of the artists and labels the import creates (or, dry, would create). */
  newArtists: string[];
  newLabels: string[];
  /** What the operator should know of the sets read (a set left without a genre), one line each. */
  notes: string[];
  dryRun: boolean;
}

export { dateOf, genreOf } from './text-file';
export { ImportRefusal };

/** Thrown inside the transaction to roll a dry run back. */
class DryRunDone extends Error {}

function tallyOf(plan: Plan): { created: Tally & { setTracks: number }; matched: Tally } {
  return {
    created: {
      sets: plan.newSets.length,
      tracks: plan.newTracks.size,
      artists: plan.artists.created.length,
      labels: plan.labels.created.length,
      festivals: plan.festivals.created.length,
      venues: plan.venues.created.length,
      setTracks: plan.newSets.reduce((n, s) => n + s.tracks.length, 0),
    },
    matched: {
      sets: plan.matchedSets.size,
      tracks: plan.matchedTracks.size,
      artists: plan.artists.matchedKeys.size,
      labels: plan.labels.matchedKeys.size,
      festivals: plan.festivals.matchedKeys.size,
      venues: plan.venues.matchedKeys.size,
    },
  };
}

/** Absolute file paths in; the report of what was (or, dry, would be) created and matched. */
export async function importFiles(
  ctx: ServiceContext,
  paths: string[],
  options: ImportOptions,
): Promise<ImportReport> {
  const indexes = new NameIndexes();
  const read = await readSources(
    paths,
    options.cwd,
    async (lines) => new Set((await indexes.lookup(ctx.db, 'artists', lines)).keys()),
    (done, total) => options.progress?.(done, total, 'read'),
    options.defaults,
  );
  const media = await openMediaStore(ctx.config);
  try {
    return await importRead(ctx, read, indexes, new MediaStage(media), options);
  } finally {
    await media.close();
  }
}

async function importRead(
  ctx: ServiceContext,
  read: Awaited<ReturnType<typeof readSources>>,
  indexes: NameIndexes,
  stage: MediaStage,
  options: ImportOptions,
): Promise<ImportReport> {
  let report: ImportReport | undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      const plan = await planImport(tx, read.batch, indexes);
      const tally = tallyOf(plan);
      const names = {
        newArtists: plan.artists.created.map((c) => c.value.name),
        newLabels: plan.labels.created.map((c) => c.value.name),
        notes: [...plan.setNotes, ...read.notes],
      };
      if (options.dryRun) {
        report = {
          files: read.files,
          ...tally,
          ...names,
          created: { ...tally.created, mediaFiles: 0 },
          dryRun: true,
        };
        throw new DryRunDone();
      }
      const created: Created = await writePlan(tx, read.batch, plan, read.media);
      let done = 0;
      for (const file of read.media.values()) {
        await stage.add(file.source, file.sitePath);
        options.progress?.(++done, read.media.size, 'media');
      }
      report = {
        files: read.files,
        created: {
          sets: created.sets.length,
          tracks: created.tracks.length,
          artists: created.artists.length,
          labels: created.labels.length,
          festivals: created.festivals.length,
          venues: created.venues.length,
          setTracks: created.setTracks,
          mediaFiles: stage.count,
        },
        matched: tally.matched,
        ...names,
        dryRun: false,
      };
    });
  } catch (error) {
    await stage.discard();
    if (error instanceof DryRunDone && report) return report;
    throw error;
  }
  await stage.commit();
  if (!report) throw new Error('import finished without a report');
  return report;
}
