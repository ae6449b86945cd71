// The two ways CUE writers put a track's start in `INDEX 01 a:b:c`: the standard minutes:seconds:frames
// (75 frames a second; EAC, foobar2000, CUE editors) and hours:minutes:seconds (rekordbox's
// recordings). The sheet does not say which, so it is decided per sheet: first from the values (a third
// field of 60 or more is frames), then from the audio's length — a reading must start every track
// before the audio ends, and its last track must not be most of the mix while the others last seconds.
// When both readings fit the audio and both or neither are believable, the sheet is refused rather than
// imported with wrong times (the operator then says which with --cue-index).
import { type CueIndex, clockOf, type IndexStyle, type Origin, problem } from './batch';

export function secondsOf(fields: [number, number, number], style: IndexStyle): number {
  const [a, b, c] = fields;
  return style === 'frames' ? a * 60 + b + c / 75 : a * 3600 + b * 60 + c;
}

function fits(indexes: CueIndex[], style: IndexStyle): boolean {
  return indexes.every(({ fields: [, b, c] }) => b < 60 && c < (style === 'frames' ? 75 : 60));
}

/** Whether the reading puts every start before the end and leaves the last track a believable length. */
function plausible(starts: number[], durationS: number): boolean {
  const last = starts[starts.length - 1] ?? 0;
  let longestGap = 0;
  for (let i = 1; i < starts.length; i++)
    longestGap = Math.max(longestGap, (starts[i] ?? 0) - (starts[i - 1] ?? 0));
  return durationS - last <= Math.max(3 * longestGap, durationS / 2);
}

/**
 * The style of a sheet's INDEX values; `durationS` is the audio's length when known, `forced` the
 * operator's choice (`--cue-index`). Returns a problem instead when no style fits or both do.
 */
export function indexStyleOf(
  indexes: CueIndex[],
  durationS: number | undefined,
  whole: Origin,
  forced?: IndexStyle,
): IndexStyle | { problem: string } {
  if (forced) return forced;
  const byValue = (['frames', 'hms'] as const).filter((style) => fits(indexes, style));
  if (byValue.length === 0) {
    const bad = indexes.find((i) => !fits([i], 'frames') && !fits([i], 'hms'));
    return {
      problem: problem(
        bad?.origin ?? whole,
        `INDEX time '${bad?.text ?? ''}' has seconds >= 60 or frames >= 75`,
      ),
    };
  }
  if (byValue.length === 1) return byValue[0] ?? 'frames';
  const same = indexes.every((i) => secondsOf(i.fields, 'frames') === secondsOf(i.fields, 'hms'));
  if (same || durationS === undefined || indexes.length === 0) return 'frames';
  const possible = byValue.filter(
    (style) => secondsOf(indexes[indexes.length - 1]?.fields ?? [0, 0, 0], style) < durationS,
  );
  // Neither fits: the times are refused against the audio line by line, as the standard reads them.
  if (possible.length === 0) return 'frames';
  if (possible.length === 1) return possible[0] ?? 'frames';
  const readings = possible.filter((style) =>
    plausible(
      indexes.map((i) => secondsOf(i.fields, style)),
      durationS,
    ),
  );
  if (readings.length === 1) return readings[0] ?? 'frames';
  const lastAs = (style: IndexStyle) =>
    clockOf(secondsOf(indexes[indexes.length - 1]?.fields ?? [0, 0, 0], style));
  return {
    problem: problem(
      whole,
      `the INDEX times read both as minutes:seconds:frames (last track at ${lastAs('frames')}) and as ` +
        `hours:minutes:seconds (last track at ${lastAs('hms')}) for audio of ${clockOf(durationS)}; ` +
        `give --cue-index frames or --cue-index hms`,
    ),
  };
}
