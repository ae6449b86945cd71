// A set's genre and recorded date when its source leaves them out, as most real sheets and tracklists
// do: the source's own value when it is one the catalogue knows, else the command line's --genre /
// --date, else the recording's tags (genre, date or year), else (date only) the recording's file date.
// A set none of these give a genre is imported without one (listed, sorted last). A genre or date
// written but unreadable is refused rather than guessed around, as is a set with no date at all; every
// such problem is listed together.
import type { Genre } from '@cratedig/contract/constants';
import { GENRES } from '@cratedig/contract/constants';
import { type Batch, type Origin, problem, type SetInput } from './batch';
import { dateOf, genreOf } from './text-file';

/** What an import knows of the recording beyond its length. */
export interface AudioTags {
  genres: string[];
  date?: string;
  year?: number;
  /** The file's modification date, YYYY-MM-DD. */
  fileDate?: string;
}

// Placeholder until the audio is read; a set still missing its date then is refused, never written.
const NO_DATE = '1970-01-01';

export function setFacts(
  written: { genre?: string; date?: string },
  origins: { genre: Origin; date: Origin },
  whole: Origin,
  defaults?: { genre?: Genre; date?: string },
): { genre: Genre | null; date: string; missing?: SetInput['missing'] } {
  const missing: NonNullable<SetInput['missing']> = {};
  const genre = (written.genre ? genreOf(written.genre) : undefined) ?? defaults?.genre;
  if (!genre)
    missing.genre = written.genre ? { origin: origins.genre, written: written.genre } : { origin: whole };
  const date = (written.date ? dateOf(written.date) : undefined) ?? defaults?.date;
  if (!date)
    missing.date = written.date ? { origin: origins.date, written: written.date } : { origin: whole };
  return {
    genre: genre ?? null,
    date: date ?? NO_DATE,
    ...(missing.genre || missing.date ? { missing } : {}),
  };
}

/** Fills a set's missing facts from its recording, or lists why it can't be. */
export function fillFromAudio(
  set: SetInput,
  tags: AudioTags | undefined,
  batch: Batch,
  problems: string[],
  notes: string[],
): void {
  const missing = set.missing;
  if (!missing) return;
  if (missing.genre) {
    const genre = tags?.genres.map(genreOf).find((g) => g !== undefined);
    if (genre) {
      set.genre = genre;
      for (const t of batch.tracks) if (t.foundInSet === set.ref && t.mixType === 'ID') t.genre = genre;
    } else if (missing.genre.written) {
      const meant = nearGenre(missing.genre.written);
      // A misspelt genre of ours is the operator's to correct; any other is a genre of another
      // catalogue (CD rippers write 'Alternative', 'Other'), and the set comes in without one.
      if (meant)
        problems.push(
          problem(
            missing.genre.origin,
            `unknown genre '${missing.genre.written}' (did you mean '${meant}'? or give one with --genre)`,
          ),
        );
      else
        notes.push(
          problem(
            missing.genre.origin,
            `genre '${missing.genre.written}' is not one of the catalogue's: imported without a genre (give one with --genre)`,
          ),
        );
    } else {
      notes.push(problem(missing.genre.origin, 'no genre: imported without a genre (give one with --genre)'));
    }
  }
  if (missing.date?.written) {
    // A date written wrong is the operator's to fix (or override with --date), not to guess around.
    problems.push(
      problem(
        missing.date.origin,
        `'${missing.date.written}' is not a date (YYYY-MM-DD or YYYY; or give --date)`,
      ),
    );
  } else if (missing.date) {
    const date =
      (tags?.date ? dateOf(tags.date.slice(0, 10)) : undefined) ??
      (tags?.year ? dateOf(String(tags.year)) : undefined) ??
      tags?.fileDate;
    if (date) set.date = date;
    else problems.push(problem(missing.date.origin, 'no recorded date: give --date'));
  }
  delete set.missing;
}

/** The problems of facts written wrong, for a source refused before its audio is read. */
export function writtenProblems(missing: SetInput['missing'], problems: string[]): void {
  const date = missing?.date;
  if (date?.written)
    problems.push(
      problem(date.origin, `'${date.written}' is not a date (YYYY-MM-DD or YYYY; or give --date)`),
    );
}

/** The genre of ours a written one is a slip of the keyboard from ('Tehcno'), if any. */
function nearGenre(written: string): Genre | undefined {
  const w = written.trim().toLowerCase();
  return GENRES.find((genre) => {
    const g = genre.toLowerCase();
    return Math.abs(g.length - w.length) <= 2 && editDistance(g, w) <= 2;
  });
}

/** Letters to insert, delete, replace or swap (adjacent) to turn one text into the other. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => d[i]?.[j] ?? 0;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, at(i - 2, j - 2) + 1);
      const row = d[i];
      if (row) row[j] = best;
    }
  return at(a.length, b.length);
}
