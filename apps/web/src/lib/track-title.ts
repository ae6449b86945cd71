import { mixBracket } from '@cratedig/contract/mix-bracket';
import type { TrackMeta } from '@cratedig/contract/track';

type TitleParts = Pick<TrackMeta, 'title' | 'mix_type' | 'mix_meta'>;

/**
 * The title with its mix: 'Title (Name Remix)' or 'Title (Name Edit)' for a credited remixer or
 * editor, 'Title (Intro Mix)' for a version no one is credited for (docs/web-app.md Track detail).
 */
export function trackDisplayTitle(track: TitleParts): string {
  const bracket = mixBracket(track.mix_type, track.mix_meta?.name);
  return bracket ? `${track.title} (${bracket})` : track.title;
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
