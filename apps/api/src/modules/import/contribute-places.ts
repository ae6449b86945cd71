// Where the entries of a pasted tracklist land on an existing set's list (docs/import.md, "Where a
// line lands"): by time when the paste has times, else by order. A 'w/' line (a track played together
// with the one before) is placed as the import stores one: a row of its own sharing the times of the
// row before. So it takes the set's next row only when the set lists a track there played together
// with the entry before (a row starting at the same moment; in an untimed set every row does);
// otherwise the set has no row of its own for it, and it lands on the entry before's row without
// taking a place, so the entries after it keep theirs.
import type { SetRow } from '../../db/read-models/catalogue-set-rows';
import { formatTime, type PastedEntry } from './contribute-lines';

/** A pasted time may run this many seconds ahead of the set's own start of that track. */
export const EARLY_S = 30;

/** Where one entry lands: the set's rows there, or why it lands nowhere. */
export interface Landing {
  rows: SetRow[] | string;
  /** A 'w/' line placed on the entry before's row: the set has no row of its own for it. */
  sharesRow: boolean;
}

/**
 * The set's rows each entry lands on, in the entries' order. A set whose list has no times has no
 * times to meet a paste's: its entries are placed by order.
 */
export function placeEntries(
  rows: SetRow[],
  entries: PastedEntry[],
  timed: boolean,
): { byTime: boolean; landings: Landing[] } {
  if (timed && (rows.length === 0 || rows.some((r) => !r.untimed)))
    return {
      byTime: true,
      landings: entries.map((entry) => ({ rows: byTime(rows, entry.start ?? 0), sharesRow: false })),
    };
  const landings: Landing[] = [];
  let next = 0;
  for (const entry of entries) {
    const before = rows[next - 1];
    const candidate = rows[next];
    if (entry.together && before && candidate?.start_time !== before.start_time) {
      landings.push({ rows: [before], sharesRow: true });
      continue;
    }
    landings.push({
      rows: candidate
        ? [candidate]
        : `the set's list has ${rows.length} tracks, and this is entry ${next + 1}`,
      sharesRow: false,
    });
    next += 1;
  }
  return { byTime: false, landings };
}

/** The rows playing at `start`: the row starting nearest to it, with those starting at the same moment. */
function byTime(rows: SetRow[], start: number): SetRow[] | string {
  const end = Math.max(0, ...rows.map((r) => r.end_time));
  if (rows.length === 0) return "the set's list is empty";
  if (start >= end)
    return `it starts at ${formatTime(start)}, after the set's list ends (${formatTime(end)})`;
  // Among the rows starting no later than EARLY_S after the pasted time: pasted times are often a few
  // seconds off the set's, either way.
  const near = rows.filter((r) => r.start_time <= start + EARLY_S);
  const at =
    near.reduce<SetRow | undefined>(
      (best, r) => (!best || Math.abs(r.start_time - start) < Math.abs(best.start_time - start) ? r : best),
      undefined,
    ) ?? rows[0];
  return rows.filter((r) => r.start_time === at?.start_time);
}
