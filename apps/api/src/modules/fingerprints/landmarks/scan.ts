// The whole-set scan: the stretches of a set its tracklist does not name (ID entries, gaps between
// entries, a set without times), read window by window against the index, and every stretch heard
// in another set kept (docs/fingerprints.md, "Where a track is heard, and what a set holds"). The
// landmark job runs it in its reader process; listeners read what it found.
import { queryLandmarks, SCAN_DENSITY } from './hashes';
import { findLandmarkMatches, type LandmarkMatch, type LandmarkSource } from './match';
import { FRAME_S, type Peak } from './peaks';

/** The scan reads in windows of this many seconds, each overlapping the next by OVERLAP_S. */
const SCAN_WINDOW_S = 180;
const OVERLAP_S = 30;
/** A stretch the tracklist leaves unnamed shorter than this is a transition, not a track. */
export const MIN_REGION_S = 15;
/** Seconds read either side of an unnamed stretch: a crossfade into the track sounds there. */
const MARGIN_S = 15;

export interface Region {
  fromS: number;
  toS: number;
}

/** A tracklist entry with times, as the scan sees it: named, or an ID. */
export interface ScanEntry {
  start: number;
  end: number;
  isId: boolean;
}

/** The stretches of a set of `durationS` seconds that no named entry covers. */
export function unnamedRegions(entries: ScanEntry[], durationS: number): Region[] {
  const named = entries
    .filter((e) => !e.isId && e.end > e.start)
    .map((e) => [Math.max(0, e.start), Math.min(durationS, e.end)] as const)
    .sort((a, b) => a[0] - b[0]);
  const out: Region[] = [];
  let at = 0;
  for (const [start, end] of named) {
    if (start - at >= MIN_REGION_S) out.push({ fromS: at, toS: start });
    at = Math.max(at, end);
  }
  if (durationS - at >= MIN_REGION_S) out.push({ fromS: at, toS: durationS });
  return out;
}

/** The windows read for the regions: each region with its margins, in overlapping windows. */
export function scanWindows(regions: Region[], durationS: number): Region[] {
  const windows: Region[] = [];
  for (const region of regions) {
    const from = Math.max(0, region.fromS - MARGIN_S);
    const to = Math.min(durationS, region.toS + MARGIN_S);
    for (let a = from; a < to; a += SCAN_WINDOW_S - OVERLAP_S) {
      windows.push({ fromS: a, toS: Math.min(to, a + SCAN_WINDOW_S) });
      if (a + SCAN_WINDOW_S >= to) break;
    }
  }
  return windows;
}

/** Every stretch of the regions heard in another set. */
export async function scanRegions(
  peaks: Peak[],
  regions: Region[],
  source: LandmarkSource,
  opts: { exceptSets: number[] },
): Promise<LandmarkMatch[]> {
  const durationS = (peaks.at(-1)?.t ?? 0) * FRAME_S;
  const matches: LandmarkMatch[] = [];
  for (const window of scanWindows(regions, durationS)) {
    const part = peaks.filter((p) => p.t >= window.fromS / FRAME_S && p.t < window.toS / FRAME_S);
    const query = { peaks: part, landmarks: queryLandmarks(part, SCAN_DENSITY) };
    matches.push(
      ...(await findLandmarkMatches(query, source, { exceptSets: opts.exceptSets, several: true })),
    );
  }
  return matches;
}
