// The demo's festivals and venues: where sets were recorded. Fixed names and cities, no random draws.
import { type DemoBuild, withArt } from './demo-build';
import { FESTIVAL_SEEDS, VENUE_SEEDS } from './demo-names';
import type { DemoCatalogue } from './demo-rows';

export function buildFestivals(build: DemoBuild): DemoCatalogue['festivals'] {
  return FESTIVAL_SEEDS.map((f, i) => ({ id: i + 1, ...f, ...withArt(build, 'festival', i + 1, f.name) }));
}

export function buildVenues(build: DemoBuild): DemoCatalogue['venues'] {
  return VENUE_SEEDS.map((v, i) => ({ id: i + 1, ...v, ...withArt(build, 'venue', i + 1, v.name) }));
}
