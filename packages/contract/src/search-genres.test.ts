import { describe, expect, it } from 'vitest';
import { genresNamedBy } from './search-genres';

describe('the genres a search names', () => {
  it('finds a genre by its name whatever the case, and every genre holding a word', () => {
    expect(genresNamedBy('Techno')).toEqual([
      'Melodic House & Techno',
      'Techno',
      'Techno (Peak Time / Driving)',
      'Techno (Raw / Deep / Hypnotic)',
    ]);
    expect(genresNamedBy('techno')).toEqual(genresNamedBy('TECHNO'));
    expect(genresNamedBy('house')).toContain('House');
    expect(genresNamedBy('house')).toContain('Organic House / Downtempo');
    expect(genresNamedBy('house')).not.toContain('Techno');
  });

  it('forgives one typo in a word of five letters or more, and reads word starts', () => {
    expect(genresNamedBy('tecno')).toContain('Techno');
    expect(genresNamedBy('deep tech')).toEqual(['Minimal / Deep Tech', 'Techno (Raw / Deep / Hypnotic)']);
    expect(genresNamedBy('nu disco')).toEqual(['Nu Disco / Disco']);
  });

  it('names none for a name that is no genre, or a query too short to tell', () => {
    expect(genresNamedBy('kanal')).toEqual([]);
    expect(genresNamedBy('te')).toEqual([]);
    expect(genresNamedBy('')).toEqual([]);
  });
});
