// Credits as DJs and tracklist sites write them: 'A & B - Title', 'A feat. C - Title (D Remix)',
// 'ID - ID', 'Artist - ID'. Turns one written track into its artists by role, title and mix, reading
// version brackets with the vocabulary of version-words.ts. 'ID' is never an artist: it stands for
// someone not yet known.
import type { ArtistRole, MixType } from '@cratedig/contract/constants';
import { readVersion } from './version-words';

export interface Credit {
  name: string;
  role: ArtistRole;
}

export interface ParsedTrack {
  /** The artists as written, e.g. 'Bicep & Hammer feat. Clara La San'. */
  artistLine: string;
  title: string;
  mixType: MixType;
  /** The remixer or editor as written in the title, e.g. 'Ben Böhmer'. */
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

/**
 * Splits a line of artists on the joins people write: '&', ',', '+', 'and', 'x', 'vs', 'b2b', and a
 * slash between spaces ('A / B'; 'VE/RA' is one name). An '&' stuck to a word starts a name ('&ME').
 */
export function splitArtists(line: string): string[] {
  const names = line
    .split(/\s*(?:&(?=\s)|,|\+|\s\/\s|\band\b|\bx\b|\bvs\.?|\bb2b\b)\s*/i)
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
  // A name that is only a join word ('X', 'And') is a name, not an empty list.
  return names.length > 0 ? names : line.trim() ? [line.trim()] : [];
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
  return splitArtists(whole).filter((name) => !IS_ID.test(name));
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
      // A version of the original ('Radio Edit', 'Progressive Mix'): part of the title people search
      // for, except the plain Original and Extended mixes, which every download carries.
      version = versions.join('; ') || null;
      if (/^(original|extended)( mix)?$/i.test(inner.trim())) return '';
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
