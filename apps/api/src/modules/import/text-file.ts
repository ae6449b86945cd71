// Reads a text source whatever tool wrote it: a UTF-8 BOM, UTF-16, or a legacy single-byte encoding
// (Windows-1252 and the like, as older CUE writers produce) detected from the bytes; CRLF or LF.
import { readFile } from 'node:fs/promises';
import { GENRES, type Genre } from '@cratedig/contract/constants';
import chardet from 'chardet';
import iconv from 'iconv-lite';
import { normaliseName } from './normalise';

export async function readTextFile(path: string): Promise<string> {
  const bytes = await readFile(path);
  return decodeText(bytes);
}

export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return iconv.decode(bytes.subarray(2), 'utf-16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return iconv.decode(bytes.subarray(2), 'utf-16be');
  // UTF-16 without a byte-order mark (some Windows CUE editors) is valid UTF-8 full of NULs, so it is
  // told apart by where the NUL bytes fall: the high byte of ASCII characters.
  const utf16 = utf16Without(bytes);
  if (utf16) return iconv.decode(bytes, utf16);
  const utf8 = bytes.toString('utf8');
  // Valid UTF-8 (no replacement characters) is taken as such; chardet guesses the rest.
  if (!utf8.includes('\uFFFD')) return utf8;
  const guess = chardet.detect(bytes);
  const encoding = guess && iconv.encodingExists(guess) && !/^utf-?8$/i.test(guess) ? guess : 'windows-1252';
  return iconv.decode(bytes, encoding);
}

function utf16Without(bytes: Buffer): 'utf-16le' | 'utf-16be' | undefined {
  const pairs = Math.floor(Math.min(bytes.length, 4096) / 2);
  if (pairs < 2) return undefined;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < pairs; i++) {
    if (bytes[2 * i] === 0) evenNul++;
    if (bytes[2 * i + 1] === 0) oddNul++;
  }
  if (oddNul > pairs * 0.3 && evenNul < pairs * 0.05) return 'utf-16le';
  if (evenNul > pairs * 0.3 && oddNul < pairs * 0.05) return 'utf-16be';
  return undefined;
}

/** The lines of a text, without line endings. */
export function linesOf(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

const GENRE_KEYS = new Map<string, Genre>(GENRES.map((genre) => [normaliseName(genre), genre]));

/** One of the catalogue's genres, written in any case or punctuation; undefined when unknown. */
export function genreOf(text: string): Genre | undefined {
  return GENRE_KEYS.get(normaliseName(text));
}

/** A recorded date as YYYY-MM-DD from 'YYYY-MM-DD', 'YYYY/MM/DD', 'DD.MM.YYYY' or a year alone. */
export function dateOf(text: string): string | undefined {
  // A time after the date, as rekordbox writes it ('2024-06-10 08:14 PM', '2024-06-10T20:14:00'), is dropped.
  const t = text
    .trim()
    .replace(/[ T]\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AP]M)?$/i, '')
    .trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(t);
  let ymd: [string, string, string] | undefined;
  if (m?.[1] && m[2] && m[3]) ymd = [m[1], m[2], m[3]];
  m = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(t);
  if (m?.[1] && m[2] && m[3]) ymd = [m[3], m[2], m[1]];
  if (/^\d{4}$/.test(t)) ymd = [t, '1', '1'];
  if (!ymd) return undefined;
  const iso = `${ymd[0]}-${ymd[1].padStart(2, '0')}-${ymd[2].padStart(2, '0')}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso ? undefined : iso;
}
