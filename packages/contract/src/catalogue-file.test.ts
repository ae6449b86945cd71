import { describe, expect, it } from 'vitest';
import { catalogueFile } from './catalogue-file';

/** The smallest file the format takes: one set with one track. */
const minimalFile = {
  format: 'cratedig-catalogue',
  version: 1,
  sets: [
    {
      id: 1,
      set_name: 'Live',
      artist: 'A',
      artists: [{ id: 1, name: 'A' }],
      release_date: '2024-01-01',
      genre: 'House',
      mp3_permalink: 'live.mp3',
      set_tracks: [
        {
          track_position: 1,
          track_meta_id: 1,
          start_time: 0,
          end_time: 60,
          track_meta: { id: 1, title: 'T', artist: 'A', artists: [], mix_type: 'original_mix' },
        },
      ],
    },
  ],
};

describe('catalogue file', () => {
  it('accepts a minimal file and leaves maintained fields out', () => {
    const parsed = catalogueFile.parse(minimalFile);
    expect(parsed.artists).toEqual([]);
    expect(parsed.sets[0]?.set_tracks).toHaveLength(1);
  });

  it('refuses a genre outside the catalogue list', () => {
    const result = catalogueFile.safeParse({
      format: 'cratedig-catalogue',
      version: 1,
      tracks: [{ id: 1, title: 'T', artist: 'A', artists: [], mix_type: 'original_mix', genre: 'Polka' }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['tracks', 0, 'genre']);
  });
});

describe('links in a catalogue file', () => {
  const withLink = (purchase_url: string) => {
    const [set] = minimalFile.sets;
    const [entry] = set?.set_tracks ?? [];
    if (!set || !entry) throw new Error('the minimal file has a set and a track');
    const track_meta = { ...entry.track_meta, purchase_url };
    return catalogueFile.safeParse({
      ...minimalFile,
      sets: [{ ...set, set_tracks: [{ ...entry, track_meta }] }],
    });
  };

  it('refuses a store link with a space inside, which a browser would cut there', () => {
    const parsed = withLink('https://shop.example/track/night ferry');
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(
      'Must be a link without spaces (write %20 for a space in it)',
    );
  });

  it('takes the same link percent-encoded, and trims spaces around a link', () => {
    expect(withLink('https://shop.example/track/night%20ferry').success).toBe(true);
    expect(withLink(' https://shop.example/track/1 ').success).toBe(true);
  });
});
