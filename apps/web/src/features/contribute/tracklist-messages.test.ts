import type { TracklistLine } from '@cratedig/contract/contribute-api';
import { describe, expect, it } from 'vitest';
import { lineSummary, rowPlace } from './tracklist-messages';

function line(outcome: TracklistLine['outcome'], untimed: boolean): TracklistLine {
  return {
    line: 3,
    text: 'Nova Person - Night Bus',
    outcome,
    start_time: null,
    track: {
      track_meta_id: null,
      artist: 'Nova Person',
      title: 'Night Bus',
      mix_name: null,
      label_name: null,
    },
    set_row: {
      track_position: 4,
      start_time: untimed ? 0 : 900,
      track_meta_id: 7,
      artist: 'ID',
      title: 'ID',
      is_id: true,
      ...(untimed ? { untimed: true as const } : {}),
    },
    new_artists: [],
    new_labels: [],
    note: null,
  };
}

describe("where a pasted line lands on the set's list", () => {
  it('says the time of a timed row', () => {
    expect(lineSummary(line('suggestion', false))).toBe('Suggestion for the ID at 15:00.');
    expect(lineSummary(line('same', false))).toBe("Matches the set's track at 15:00.");
  });

  it('says the place of a row in a list without times, never 0:00', () => {
    expect(lineSummary(line('suggestion', true))).toBe('Suggestion for the ID listed as track 4.');
    expect(lineSummary(line('same', true))).toBe("Matches track 4 of the set's list.");
    expect(rowPlace(line('suggestion', true).set_row)).toBe('listed as track 4');
  });
});
