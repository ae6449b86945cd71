// A set's tracklist written back as text reads back, through the pasted-list reader and the credits
// parser, as the same entries: times, names, mixes, labels, IDs, tracks played together, lists
// without times.
import { describe, expect, it } from 'vitest';
import { readPastedLines } from '../import/contribute-lines';
import { parseTrackText } from '../import/credits';
import { clock, tracklistText } from './tracklist-text';

type Row = Parameters<typeof tracklistText>[0][number];

const row = (over: Partial<Row>): Row => ({
  artist: 'Bicep',
  title: 'Glue',
  mix_type: 'original_mix',
  mix_name: null,
  label_name: null,
  start_time: 0,
  end_time: 60,
  untimed: false,
  ...over,
});

function readBack(text: string) {
  const read = readPastedLines(text);
  expect(read.problems).toEqual([]);
  return read.entries.map((e) => {
    const p = parseTrackText(e.body);
    return {
      start: e.start ?? null,
      together: e.together,
      artist: p?.artistLine,
      title: p?.title,
      mixType: p?.mixType,
      mixName: p?.mixName,
      label: p?.labelName,
    };
  });
}

describe('a tracklist written back', () => {
  it('writes h:mm:ss times, mixes and labels, and reads back the same', () => {
    const text = tracklistText([
      row({ label_name: 'Ninja Tune', end_time: 150 }),
      row({ artist: 'ID', title: 'ID', mix_type: 'ID', start_time: 150, end_time: 300 }),
      row({
        artist: 'Ben Bohmer',
        title: 'Beyond Beliefs',
        mix_type: 'remix',
        mix_name: 'Yotto',
        start_time: 300,
        end_time: 3700,
      }),
      row({
        artist: 'Four Tet',
        title: 'Opal',
        mix_type: 'edit',
        mix_name: 'Restricted Edit',
        start_time: 3700,
        end_time: 3800,
      }),
      row({ artist: 'Burial', title: 'Archangel', mix_name: 'Intro Mix', start_time: 3800, end_time: 3900 }),
    ]);
    expect(text).toBe(
      [
        '[0:00:00] Bicep - Glue [Ninja Tune]',
        '[0:02:30] ID - ID',
        '[0:05:00] Ben Bohmer - Beyond Beliefs (Yotto Remix)',
        '[1:01:40] Four Tet - Opal (Restricted Edit)',
        '[1:03:20] Burial - Archangel (Intro Mix)',
      ].join('\n'),
    );
    expect(readBack(text)).toEqual([
      {
        start: 0,
        together: false,
        artist: 'Bicep',
        title: 'Glue',
        mixType: 'original_mix',
        mixName: null,
        label: 'Ninja Tune',
      },
      { start: 150, together: false, artist: 'ID', title: 'ID', mixType: 'ID', mixName: null, label: null },
      {
        start: 300,
        together: false,
        artist: 'Ben Bohmer',
        title: 'Beyond Beliefs',
        mixType: 'remix',
        mixName: 'Yotto',
        label: null,
      },
      {
        start: 3700,
        together: false,
        artist: 'Four Tet',
        title: 'Opal',
        mixType: 'edit',
        mixName: 'Restricted Edit',
        label: null,
      },
      {
        start: 3800,
        together: false,
        artist: 'Burial',
        title: 'Archangel',
        mixType: 'original_mix',
        mixName: 'Intro Mix',
        label: null,
      },
    ]);
  });

  it('keeps an ID by a known artist, a track played with the one before, and a list without times', () => {
    const together = tracklistText([
      row({ artist: 'Bicep', title: 'ID', mix_type: 'ID', end_time: 90 }),
      row({ artist: 'Four Tet', title: 'Opal', end_time: 90 }),
    ]);
    expect(together).toBe('[0:00:00] Bicep - ID\nw/ Four Tet - Opal');
    expect(readBack(together).map((e) => [e.start, e.together, e.mixType])).toEqual([
      [0, false, 'ID'],
      [0, true, 'original_mix'],
    ]);
    const untimed = tracklistText([
      row({ untimed: true, end_time: 600 }),
      row({ title: 'Opal', untimed: true, end_time: 600 }),
    ]);
    expect(untimed).toBe('Bicep - Glue\nBicep - Opal');
    expect(readPastedLines(untimed).timed).toBe(false);
    expect(clock(3599)).toBe('0:59:59');
  });
});
