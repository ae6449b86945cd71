// How a track's mix is written after its title. `mix_meta.name` is the remixer or editor when the
// track credits one ('Bicep' → 'Opal (Bicep Remix)'), or else the version as the track was named
// ('Intro Mix', 'Restricted Edit', 'Remix'), shown as it is (docs/import.md, "Rules").

/** The last words that make a name a version rather than a remixer's name. */
const VERSION_ENDING =
  /(?:^|\s)(?:mix|remix|edit|re-edit|reedit|version|dub|instrumental|refix|flip|rerub|reprise|rework|bootleg)$/i;

/** The bracket's text after the title, without the brackets; null when the title stands alone. */
export function mixBracket(mixType: string, name: string | null | undefined): string | null {
  const written = name?.trim();
  if (!written || mixType === 'ID') return null;
  if (VERSION_ENDING.test(written)) return written;
  if (mixType === 'remix') return `${written} Remix`;
  if (mixType === 'edit') return `${written} Edit`;
  return null;
}
