import { describe, expect, it } from 'vitest';
import { SORT_OPTIONS, setColumns, trackColumns } from './entity-columns';

describe('sort choices and columns', () => {
  it('name a date the way its column does: a set is Recorded, a track Released', () => {
    for (const [list, columns] of [
      ['sets', setColumns],
      ['tracks', trackColumns],
    ] as const) {
      const dateColumn = columns.find((column) => column.sortField?.endsWith('.release_date'));
      const dateOption = SORT_OPTIONS[list].find((option) => option.value.endsWith('.release_date'));
      expect(dateOption?.label, list).toBe(dateColumn?.header);
    }
    expect(SORT_OPTIONS.sets.map((option) => option.label)).toContain('Recorded');
    expect(SORT_OPTIONS.tracks.map((option) => option.label)).toContain('Released');
  });
});
