// A list copied from 1001Tracklists starts with the set's title line: the preview passes over it and
// says so, instead of naming it a problem that keeps the paste from being sent.
import { describe, expect, it } from 'vitest';
import { readPastedLines } from './contribute-lines';

const TITLE_NOTE =
  "The set's title line (its artists, place and date), not a track: skipped. It is not needed here.";

describe("a list pasted with the set's title line", () => {
  it('skips a 1001Tracklists title line and reads the tracks after it', () => {
    const read = readPastedLines(
      [
        'Amelie Lens @ Awakenings Festival, Spaarnwoude, Netherlands 2024-07-14',
        '',
        '[00:00] Amelie Lens - Hypnotized [LENSKE]',
        '[03:45] Farrago - Pulse Of The Earth (Amelie Lens Remix) [SECOND STATE]',
      ].join('\n'),
    );
    expect(read.problems).toEqual([]);
    expect(read.skipped).toEqual([
      {
        line: 1,
        text: 'Amelie Lens @ Awakenings Festival, Spaarnwoude, Netherlands 2024-07-14',
        reason: TITLE_NOTE,
      },
    ]);
    expect(read.entries.map((e) => [e.line, e.start, e.body])).toEqual([
      [3, 0, 'Amelie Lens - Hypnotized [LENSKE]'],
      [4, 225, 'Farrago - Pulse Of The Earth (Amelie Lens Remix) [SECOND STATE]'],
    ]);
  });

  it("skips a radio show's title line written with a dash", () => {
    const read = readPastedLines(
      'Charlotte de Witte - KNTXT Radio 042 2024-05-12\n1. Enrico Sangiuliano - ID\n',
    );
    expect(read.skipped.map((s) => s.line)).toEqual([1]);
    expect(read.entries.map((e) => e.body)).toEqual(['Enrico Sangiuliano - ID']);
  });

  it('reads a line with a date after the first track as a track', () => {
    const read = readPastedLines('1. Bicep - Glue\n2. Overmono - So U Kno 2024-05-12\n');
    expect(read.skipped).toEqual([]);
    expect(read.entries).toHaveLength(2);
  });
});
