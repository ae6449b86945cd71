import type { TrackMeta } from '@cratedig/contract/track';

type TitleParts = Pick<TrackMeta, 'title' | 'mix_type' | 'mix_meta'>;

/**
 * The title with its mixer credit: 'Title (Name Remix)' or 'Title (Name Edit)' (docs/web-app.md Track
 * detail).
 */
export function trackDisplayTitle(track: TitleParts): string {
  const mixer = track.mix_meta?.name;
  if (mixer && track.mix_type === 'remix') return `${track.title} (${mixer} Remix)`;
  if (mixer && track.mix_type === 'edit') return `${track.title} (${mixer} Edit)`;
  return track.title;
}

/**
 * docs/web-app.md Track detail page title by mix type: original 'artist - title'; a remix or edit adds the
 * mixer with Remix or Edit; an ID adds 'in {set name}'.
 */
export function trackPageTitle(track: TitleParts & Pick<TrackMeta, 'artist' | 'set_meta'>): string {
  const base = `${track.artist} - ${trackDisplayTitle(track)}`;
  if (track.mix_type === 'ID' && track.set_meta) return `${base} in ${track.set_meta.set_name}`;
  return base;
}
