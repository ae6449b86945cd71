import { describe, expect, it } from 'vitest';
import { setCardTitle, setTitleStart } from './set-card-title';

describe("a set card's title", () => {
  it('drops the DJs and what joins them from the start of the name', () => {
    const title = (name: string, artist: string) => setCardTitle(name, artist).title;
    expect(
      title('Lena Vogt b2b Nightjar Society @ Halle Null, Berlin', 'Lena Vogt b2b Nightjar Society'),
    ).toBe('Halle Null, Berlin');
    expect(title('Ambrose Thale All Night Long, Halle Null', 'Ambrose Thale')).toBe(
      'All Night Long, Halle Null',
    );
    expect(title('Juno Hartmann – Closing Set at Kanal 9', 'Juno Hartmann')).toBe('Closing Set at Kanal 9');
  });

  it('keeps the whole name when it does not start with the DJs, is only the DJs, or runs on from them', () => {
    expect(setTitleStart('Boiler Room Berlin', 'Anja')).toBe(0);
    expect(setTitleStart('Anja', 'Anja')).toBe(0);
    expect(setTitleStart('Anja - ', 'Anja')).toBe(0);
    expect(setTitleStart('Ambrose Thales Live', 'Ambrose Thale')).toBe(0);
    expect(setTitleStart('Live at Fabric', '')).toBe(0);
  });

  it('moves the search ranges with it, dropping those on the DJs', () => {
    const { title, ranges } = setCardTitle('Juno Hartmann – Closing Set at Kanal 9', 'Juno Hartmann', [
      [0, 4],
      [31, 36],
    ]);
    expect(title.slice(...(ranges?.[0] ?? [0, 0]))).toBe('Kanal');
    expect(ranges).toHaveLength(1);
  });
});
