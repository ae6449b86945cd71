// Credits as DJs and tracklist sites write them: 'A & B - Title', 'A feat. C - Title (D Remix)',
// 'ID - ID', 'Artist - ID'. Turns one written track into its artists by role, title and mix, reading
// version brackets with the vocabulary of version-words.ts. 'ID' is never an artist: it stands for
// someone not yet known.
import type { ArtistRole, MixType } from '@cratedig/contract/constants';
import { readVersion, VERSION_KINDS } from './version-words';

export interface Credit {
  name: string;
  role: ArtistRole;
}

export interface ParsedTrack {
  /** The artists as written, e.g. 'Bicep & Hammer feat. Clara La San'. */
  artistLine: string;
  title: string;
  mixType: MixType;
  /**
   * The remixer or editor as written in the title, e.g. 'Ben Böhmer'; when the title credits no one,
   * its version as written ('Intro Mix', 'Restricted Edit', 'Remix').
   */
  mixName: string | null;
  /** The version words of the title's bracket ('Extended Remix', 'Radio Edit'), when any. */
  version: string | null;
  credits: Credit[];
  labelName: string | null;
  /** From a DJ software's metadata beside the sheet (dj-sidecar.ts); never guessed from the text. */
  bpm?: number | null;
  key?: string | null;
  /** Traktor's history beside the list: when the deck started the track (seconds since midnight). */
  startedAt?: number;
}

/** The joins people write between artists, a comma aside; the second leaves '&' to the names. */
const JOINS = /\s*(?:&(?=\s)|\+|\s\/\s|\band\b|\bx\b|\bvs\.?|\bb2b\b)\s*/i;
const JOINS_BUT_AMPERSAND = /\s*(?:\+|\s\/\s|\band\b|\bx\b|\bvs\.?|\bb2b\b)\s*/i;

/**
 * Splits a line of artists on the joins people write: '&', ',', '+', 'and', 'x', 'vs', 'b2b', and a
 * slash between spaces ('A / B'; 'VE/RA' is one name). An '&' stuck to a word starts a name ('&ME').
 * In a comma list the commas separate the artists and an '&' belongs to a name, as DJ software and
 * stores write several artists ('Maickel Telussa, Lissat, Block & Crown': three artists), unless the
 * catalogue knows both sides of that '&' and not the whole ('Adriatique, Marino Canal & Delhia').
 */
export function splitArtists(line: string, isKnown: (name: string) => boolean = () => false): string[] {
  const whole = line.trim();
  const parts = whole.includes(',')
    ? whole.split(',').flatMap((part) => {
        const pieces = part.split(JOINS);
        const apart = pieces.length > 1 && pieces.every((p) => isKnown(p.trim())) && !isKnown(part.trim());
        return apart ? pieces : part.split(JOINS_BUT_AMPERSAND);
      })
    : whole.split(JOINS);
  const names = parts.map((name) => name.trim()).filter((name) => name.length > 0);
  // A name that is only a join word ('X', 'And') is a name, not an empty list.
  return names.length > 0 ? names : whole ? [whole] : [];
}

const FEAT = /\s+(?:feat\.?|ft\.?|featuring)\s+/i;
const IS_ID = /^id$/i;

/** Bullets and bars pasted lists put before a line ('| ', '• ', '- '). */
export function stripLead(text: string): string {
  return text.replace(/^\s*(?:[|•·▶►*-]\s*)+/, '').trim();
}

/**
 * The artists of a credit line, whole names kept when `isKnown` recognises them ('Above & Beyond' is
 * one artist; 'Bicep & Hammer' are two unless the catalogue has an artist of that name). Parts of a
 * line the catalogue knows whole ('VE/RA & Kasablanca') stay whole too; 'ID' is dropped.
 */
export function artistsOf(line: string, isKnown: (name: string) => boolean): string[] {
  const whole = line.trim();
  if (whole === '' || IS_ID.test(whole)) return [];
  if (isKnown(whole)) return [whole];
  return splitArtists(whole, isKnown).filter((name) => !IS_ID.test(name));
}

/** The mix a title's brackets name, with the title left once they are read. */
function readBrackets(titleText: string, isId: boolean, known: (name: string) => boolean) {
  const credits: Credit[] = [];
  let mixType: MixType = isId ? 'ID' : 'original_mix';
  let mixName: string | null = null;
  let version: string | null = null;
  const title = titleText.replace(/\s*[([]([^)\]]*)[)\]]/g, (whole, inner: string) => {
    const feat = /^(?:feat\.?|ft\.?|featuring|with)\s+(.+)$/i.exec(inner.trim());
    if (feat?.[1]) {
      for (const name of artistsOf(feat[1], known)) credits.push({ name, role: 'feat' });
      return '';
    }
    // '(Laolu Remix; Edit)': a remix, then the version of it that was played.
    const parts = inner.split(/\s*[;,]\s*/).map((p) => readVersion(p));
    if (parts.length === 0 || parts.some((p) => p === undefined) || isId) return whole;
    const named = parts.find((p) => p?.name);
    const versions = parts.map((p) => p?.version).filter((v): v is string => !!v);
    if (!named?.name) {
      // The plain Original and Extended mixes, which every download carries, name no version.
      if (/^(original|extended)( mix)?$/i.test(inner.trim())) {
        version = versions.join('; ') || null;
        return '';
      }
      // A version no one is credited for ('Intro Mix', 'Restricted Edit', 'Remix') is the track's
      // mix, as written; a named remixer's bracket, read before or after it, wins.
      if (mixName === null) {
        version = versions.join('; ') || null;
        mixType = unnamedKind(inner);
        mixName = inner.trim();
        return '';
      }
      return whole;
    }
    mixType = named.kind;
    version = versions.join('; ') || null;
    if (IS_ID.test(named.name)) return ''; // '(ID Remix)': a remix by someone not yet known
    mixName = named.name;
    for (const name of artistsOf(named.name, known)) credits.push({ name, role: 'mixer' });
    return '';
  });
  return { title: title.trim(), mixType, mixName, version, credits };
}

/**
 * The mix type of a version no one is credited for: '(Remix)' or '(Extended Remix)' is a remix and
 * '(Restricted Edit)' an edit by someone unknown; '(Intro Mix)', '(Dub)' or '(Instrumental)' a version
 * of the original.
 */
function unnamedKind(inner: string): MixType {
  const last = inner.trim().split(/\s+/).pop()?.toLowerCase() ?? '';
  if (VERSION_KINDS[last] === 'edit') return 'edit';
  return ['remix', 'refix', 'flip', 'rerub'].includes(last) ? 'remix' : 'original_mix';
}

/**
 * Parses 'Artist - Title' where the artist part may carry 'feat.' and the title '(X Remix)',
 * '(X Extended Remix)', '(feat. Y)', '(Radio Edit)' and a trailing '[Label]'. Returns undefined when
 * there is no ' - ' between artist and title.
 */
export function parseTrackText(
  text: string,
  isKnown: (name: string) => boolean = () => false,
): ParsedTrack | undefined {
  let rest = stripLead(text);
  let labelName: string | null = null;
  const label = /\s*\[([^\]]+)\]\s*$/.exec(rest);
  if (label?.[1]) {
    labelName = label[1].trim();
    rest = rest.slice(0, label.index).trim();
  }
  const dash = /\s+[-–—]\s+/.exec(rest);
  if (!dash) return undefined;
  const artistText = rest.slice(0, dash.index).trim();
  const titleText = rest.slice(dash.index + dash[0].length).trim();
  const [main = '', ...featParts] = artistText.split(FEAT);
  const isId = IS_ID.test(titleText.replace(/[([].*$/, '').trim());
  const credits: Credit[] = [];
  for (const name of artistsOf(main, isKnown)) credits.push({ name, role: isId ? 'ID' : 'producer' });
  for (const part of featParts)
    for (const name of artistsOf(part, isKnown)) credits.push({ name, role: 'feat' });
  const read = readBrackets(titleText, isId, isKnown);
  return {
    artistLine: artistText,
    title: isId ? 'ID' : read.title,
    mixType: read.mixType,
    mixName: read.mixName,
    version: read.version,
    credits: [...credits, ...read.credits],
    labelName: isId || (labelName && IS_ID.test(labelName)) ? null : labelName,
  };
}
