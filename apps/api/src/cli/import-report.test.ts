// The names an import reports it adds: every one for a tracklist, a bounded line for a whole catalogue.
import { describe, expect, it } from 'vitest';
import { newNames } from './commands/import';

describe('the new names an import reports', () => {
  it('lists each new artist and label, and says how many more past forty', () => {
    expect(newNames({ newArtists: ['Yotto', 'Laolu'], newLabels: ['KNTXT'] })).toEqual([
      "new artists (2): 'Yotto', 'Laolu'",
      "new labels (1): 'KNTXT'",
    ]);
    const many = Array.from({ length: 600 }, (_, i) => `Artist ${i}`);
    const [line] = newNames({ newArtists: many, newLabels: [] });
    expect(line).toMatch(/^new artists \(600\): 'Artist 0', .*'Artist 39' and 560 more$/);
  });
});
