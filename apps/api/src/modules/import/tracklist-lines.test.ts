// Track numbers as players, rippers and forum posts write them before a track: taken off, while an
// artist whose name is a number keeps it.
import { describe, expect, it } from 'vitest';
import { readTrackLine, withoutTrackNumbers } from './tracklist-lines';

describe('a track number before the artist', () => {
  it.each([
    [
      '[01] Flying Lotus Feat. Thom Yorke - Electric Candyman',
      'Flying Lotus Feat. Thom Yorke - Electric Candyman',
    ],
    ['1/12 Flying Lotus - Electric Candyman', 'Flying Lotus - Electric Candyman'],
    ['01) Flying Lotus - Electric Candyman', 'Flying Lotus - Electric Candyman'],
    ['1. Flying Lotus - Electric Candyman', 'Flying Lotus - Electric Candyman'],
  ])('%s is numbered', (line, text) => {
    expect(readTrackLine(line)).toEqual({ text, together: false });
  });

  it('takes a bare number before a time', () => {
    expect(readTrackLine('01 00:00 Flying Lotus - Electric Candyman')).toEqual({
      start: 0,
      text: 'Flying Lotus - Electric Candyman',
      together: false,
    });
    expect(readTrackLine('[02] [04:31] Bonobo - Kerala')).toEqual({
      start: 271,
      text: 'Bonobo - Kerala',
      together: false,
    });
  });

  it('takes off a zero-padded bare number, alone or in a list', () => {
    expect(withoutTrackNumbers(['01 Flying Lotus Feat. Thom Yorke - Electric Candyman'])).toEqual([
      'Flying Lotus Feat. Thom Yorke - Electric Candyman',
    ]);
  });

  it('takes off bare numbers that count up through the whole list', () => {
    expect(
      withoutTrackNumbers([
        '1 Flying Lotus - Electric Candyman',
        '2 808 State - Pacific State',
        '3 Bonobo - Kerala',
      ]),
    ).toEqual(['Flying Lotus - Electric Candyman', '808 State - Pacific State', 'Bonobo - Kerala']);
  });

  it('keeps an artist whose name is a number', () => {
    expect(withoutTrackNumbers(['808 State - Pacific State'])).toEqual(['808 State - Pacific State']);
    expect(withoutTrackNumbers(["2 Many DJ's - Smells Like Teen Spirit", '808 State - Cubik'])).toEqual([
      "2 Many DJ's - Smells Like Teen Spirit",
      '808 State - Cubik',
    ]);
    expect(withoutTrackNumbers(['Bonobo - Kerala', "2 Many DJ's - Smells Like Teen Spirit"])).toEqual([
      'Bonobo - Kerala',
      "2 Many DJ's - Smells Like Teen Spirit",
    ]);
    expect(withoutTrackNumbers(['007 - Goldfinger'])).toEqual(['007 - Goldfinger']);
  });
});
