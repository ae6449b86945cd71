// One line of a pasted tracklist, in the styles people paste: 1001Tracklists ('[12:34] Artist - Title
// [LABEL]', 'w/ Artist - Title' for a track played together with the one before), YouTube descriptions
// and comments ('0:14 | Artist - Title', '00:14 - Artist - Title', '12.34 Artist - Title', the time at
// the end of the line), and numbered lists ('01. 02:10 Artist - Title', '1) Artist - Title').

export interface TrackLine {
  /** Seconds from the start; undefined for an untimed entry or a 'w/' line. */
  start?: number;
  text: string;
  /** A 'w/' line: played together with the track before, so it shares its times. */
  together: boolean;
}

const TIME = String.raw`(?:\d{1,2}:)?\d{1,3}:\d{2}|\d{1,3}\.\d{2}`;
// A track's number before its time: '01.', '1)', '[01]', '1/12', or a bare '01' when a time follows.
const NUMBER = String.raw`(?:\d{1,3}\s*[.)]\s+|\d{1,3}\s*[.)](?=[\[(])|\[\d{1,3}\]\s*|\d{1,3}\/\d{1,3}\s+|\d{1,3}\s+(?=[\[(]?(?:${TIME})))?`;
const LEADING = new RegExp(String.raw`^\s*${NUMBER}[\[(]?(${TIME})[\])]?\s*(?:[-–—|:]\s*)?(.+)$`);
const TRAILING = new RegExp(String.raw`^\s*${NUMBER}(.+?)\s*(?:[-–—|@]\s*)?[\[(]?(${TIME})[\])]?\s*$`);
const NUMBERED = /^\s*(?:\d{1,3}\s*[.)]|\[\d{1,3}\]|\d{1,3}\/\d{1,3})\s+(.+)$/;
const TOGETHER = /^\s*w\/\s*(.+)$/i;

/** Seconds from 'h:mm:ss', 'mm:ss', 'm:ss' or 'mm.ss'; undefined when the seconds are 60 or more. */
export function timeOf(text: string): number | undefined {
  const parts = text.split(/[:.]/).map(Number);
  const [s = 0, m = 0, h = 0] = parts.reverse();
  if (s >= 60 || (parts.length === 3 && m >= 60)) return undefined;
  return h * 3600 + m * 60 + s;
}

/**
 * The track a line writes, or undefined when it is none (a header, a comment). `bad` names a time
 * that isn't one ('12:75').
 */
export function readTrackLine(raw: string): (TrackLine & { bad?: string }) | undefined {
  const together = TOGETHER.exec(raw);
  if (together?.[1]) return { text: together[1].trim(), together: true };
  for (const [pattern, timeAt, textAt] of [
    [LEADING, 1, 2],
    [TRAILING, 2, 1],
  ] as const) {
    const m = pattern.exec(raw);
    const time = m?.[timeAt];
    const text = m?.[textAt]?.trim();
    if (!time || !text || !/\s[-–—]\s/.test(` ${text} `.replace(/^\s*\|\s*/, ' '))) continue;
    const start = timeOf(time);
    return start === undefined ? { text, together: false, bad: time } : { start, text, together: false };
  }
  const numbered = NUMBERED.exec(raw);
  if (numbered?.[1] && /\s[-–—]\s/.test(numbered[1])) return { text: numbered[1].trim(), together: false };
  return undefined;
}

const BARE_NUMBER = /^(\d{1,3})\s+(?=\S+.*\S\s[-–—]\s\S)/;

/**
 * The track texts of a list with a bare track number taken off the front ('01 Flying Lotus - …'), as
 * players and file names number tracks. A number is also how some artists are named ('808 State',
 * '2 Many DJ's'), so a bare number is taken off only when it is zero-padded ('01', '007'), or when
 * every text of the list starts with one and they count up by one ('1 …', '2 …', '3 …').
 */
export function withoutTrackNumbers(texts: string[]): string[] {
  const numbers = texts.map((text) => BARE_NUMBER.exec(text)?.[1]);
  const first = Number(numbers[0]);
  const counted = texts.length > 1 && numbers.every((n, i) => n !== undefined && Number(n) === first + i);
  return texts.map((text, i) => {
    const n = numbers[i];
    if (n === undefined || !(counted || (n.length > 1 && n.startsWith('0')))) return text;
    return text.slice(text.indexOf(n) + n.length).trim();
  });
}
