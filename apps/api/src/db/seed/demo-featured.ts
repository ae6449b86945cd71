// The home page's featured lists, filled by the demo: the latest set of each genre, the newest released
// tracks, the first performers, the full labels, and the first festivals and venues.
import { GENRES } from '@cratedig/contract/constants';
import type { DemoCatalogue } from './demo-rows';

type FeaturedKind = DemoCatalogue['featured'][number]['kind'];

export function buildFeatured(
  catalogue: Pick<DemoCatalogue, 'sets' | 'tracks' | 'setArtists' | 'labels' | 'festivals' | 'venues'>,
): DemoCatalogue['featured'] {
  const feature = (kind: FeaturedKind, ids: number[]) =>
    ids.map((itemId, i) => ({ kind, itemId, position: i + 1 }));
  const newest = catalogue.tracks
    .filter((t) => t.releaseDate)
    .sort((a, b) => (b.releaseDate ?? '').localeCompare(a.releaseDate ?? '') || b.id - a.id)
    .slice(0, 12)
    .map((t) => t.id);
  const setsByGenre = GENRES.map((g) => catalogue.sets.filter((s) => s.row.genre === g).at(-1)?.row.id ?? 0);
  return [
    ...feature('sets', setsByGenre.filter((id) => id > 0).slice(0, 12)),
    ...feature('tracks', newest),
    ...feature('artists', [...new Set(catalogue.setArtists.map((s) => s.artistId))].slice(0, 12)),
    ...feature(
      'labels',
      catalogue.labels.filter((l) => l.sponsorType === 'label_meta').map((l) => l.id),
    ),
    ...feature(
      'festivals',
      catalogue.festivals.slice(0, 8).map((f) => f.id),
    ),
    ...feature(
      'venues',
      catalogue.venues.slice(0, 8).map((v) => v.id),
    ),
  ];
}
