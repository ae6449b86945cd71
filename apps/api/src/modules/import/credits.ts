// Credits as DJs and tracklist sites write them: 'A & B - Title', 'A feat. C - Title (D Remix)',
// 'ID - ID', 'Artist - ID'. Turns one written track into its artists by role, title and mix.
import type { ArtistRole, MixType } from '@cratedig/contract/constants';

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
  credits: Credit[];
  labelName: string | null;
}

/** Splits a line of artists on the joins people write: '&', ',', 'and', 'x', 'vs', 'b2b'. */
export function splitArtists(line: string): string[] {
  return line
    .split(/\s*(?:&|,|\+|\/|\band\b|\bx\b|\bvs\.?|\bb2b\b)\s*/i)
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
}

const FEAT = /\s+(?:feat\.?|ft\.?|featuring)\s+/i;
const IS_ID = /^id$/i;

/**
 * The artists of a credit line, whole names kept when `isKnown` recognises them ('Above & Beyond' is
 * one artist; 'Bicep & Hammer' are two unless the catalogue has an artist of that name).
 */
export function artistsOf(line: string, isKnown: (name: string) => boolean): string[] {
  if (isKnown(line)) return [line.trim()];
  return splitArtists(line);
}

/**
 * Parses 'Artist - Title' where the artist part may carry 'feat.' and the title '(X Remix)',
 * '(X Edit)', '(feat. Y)', '(Original Mix)' and a trailing '[Label]'. Returns undefined when there is
 * no ' - ' between artist and title.
 */
export function parseTrackText(
  text: string,
  isKnown: (name: string) => boolean = () => false,
): ParsedTrack | undefined {
  let rest = text.trim();
  let labelName: string | null = null;
  const label = /\s*\[([^\]]+)\]\s*$/.exec(rest);
  if (label?.[1]) {
    labelName = label[1].trim();
    rest = rest.slice(0, label.index).trim();
  }
  const dash = /\s+[-–—]\s+/.exec(rest);
  if (!dash) return undefined;
  const artistPart = rest.slice(0, dash.index).trim();
  let title = rest.slice(dash.index + dash[0].length).trim();
  return parseCredits(artistPart, title, labelName, isKnown);

  function parseCredits(
    artistText: string,
    titleText: string,
    labelText: string | null,
    known: (name: string) => boolean,
  ): ParsedTrack {
    title = titleText;
    const credits: Credit[] = [];
    const [main = '', ...featParts] = artistText.split(FEAT);
    const unknownArtist = IS_ID.test(main.trim());
    const isId = IS_ID.test(title.replace(/[([].*$/, '').trim());
    const mainRole: ArtistRole = isId ? 'ID' : 'producer';
    if (!unknownArtist) {
      for (const name of artistsOf(main, known)) credits.push({ name, role: mainRole });
    }
    for (const part of featParts)
      for (const name of artistsOf(part, known)) credits.push({ name, role: 'feat' });

    let mixType: MixType = isId ? 'ID' : 'original_mix';
    let mixName: string | null = null;
    // Bracketed parts of the title: (feat. X), (X Remix), (X Edit), (Original Mix)
    title = title.replace(/\s*[([]([^)\]]*)[)\]]/g, (whole, inner: string) => {
      const feat = /^(?:feat\.?|ft\.?|featuring)\s+(.+)$/i.exec(inner.trim());
      if (feat?.[1]) {
        for (const name of artistsOf(feat[1], known)) credits.push({ name, role: 'feat' });
        return '';
      }
      const mix = /^(.+?)\s+(remix|mix|edit|re-edit|rework|dub|version)$/i.exec(inner.trim());
      if (mix?.[1] && mix[2] && !/^(original|extended|radio|club)$/i.test(mix[1])) {
        if (isId) return whole;
        mixType = /remix|mix|dub|version/i.test(mix[2]) ? 'remix' : 'edit';
        mixName = mix[1].trim();
        for (const name of artistsOf(mixName, known)) credits.push({ name, role: 'mixer' });
        return '';
      }
      if (/^(original|extended)\s+mix$/i.test(inner.trim())) return '';
      return whole;
    });
    return {
      artistLine: artistText.trim(),
      title: isId ? 'ID' : title.trim(),
      mixType,
      mixName,
      credits,
      labelName: isId ? null : labelText,
    };
  }
}
