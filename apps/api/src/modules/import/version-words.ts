// The maintained vocabulary of version words, as music databases read a bracket after a title:
// '(Yotto Extended Remix)' is Yotto's remix in its extended version, '(Progressive Mix)' or
// '(Restricted Edit)' a version of the original with no one to credit. Without it every such word
// became an artist ('Yotto Extended', 'Progressive') in search, follows and artist pages.
// Add a word here when a real tracklist shows one the importer took for a name.

/** Words that qualify a version and are never part of a remixer's name. */
export const VERSION_QUALIFIERS = [
  'acapella',
  'acid',
  'acoustic',
  'afterhours',
  'alternative',
  'alt',
  'ambient',
  'beatless',
  'club',
  'day',
  'deep',
  'dj',
  'dub',
  'extended',
  'full',
  'instrumental',
  'intro',
  'long',
  'main',
  'night',
  'original',
  'outro',
  'peak',
  'progressive',
  'radio',
  'restricted',
  'short',
  'single',
  'special',
  'vip',
  'vocal',
] as const;

/** The last word of a version bracket, and whether a named one is a remix or an edit. */
export const VERSION_KINDS: Record<string, 'remix' | 'edit'> = {
  remix: 'remix',
  mix: 'remix',
  version: 'remix',
  dub: 'remix',
  instrumental: 'remix',
  refix: 'remix',
  flip: 'remix',
  rerub: 'remix',
  reprise: 'remix',
  edit: 'edit',
  're-edit': 'edit',
  reedit: 'edit',
  rework: 'edit',
  bootleg: 'edit',
};

const QUALIFIERS = new Set<string>(VERSION_QUALIFIERS);

export interface VersionBracket {
  /** The remixer or editor as written, null when the bracket names no one ('Radio Edit', 'ID Remix'). */
  name: string | null;
  kind: 'remix' | 'edit';
  /** The version words, e.g. 'Extended', 'DJ Edit', 'Radio Edit'; null for a plain '(X Remix)'. */
  version: string | null;
}

/**
 * Reads one part of a bracket ('Yotto Extended Remix', 'Radio Edit', 'Dub'); undefined when it is no
 * version at all ('Overdrive', 'feat. X').
 */
export function readVersion(part: string): VersionBracket | undefined {
  const words = part.trim().split(/\s+/);
  const last = words[words.length - 1]?.toLowerCase() ?? '';
  const kind = VERSION_KINDS[last];
  if (!kind) return undefined;
  let cut = words.length - 1;
  while (cut > 0 && QUALIFIERS.has(words[cut - 1]?.toLowerCase() ?? '')) cut--;
  const name = words.slice(0, cut).join(' ').trim();
  const versionWords = words.slice(cut);
  // A lone kind after a name ('Holden Remix') is the plain remix; qualifiers make it a version.
  const version =
    name && versionWords.length === 1 && (kind === 'remix' ? last !== 'dub' && last !== 'instrumental' : true)
      ? null
      : versionWords.join(' ');
  return { name: name || null, kind, version };
}
