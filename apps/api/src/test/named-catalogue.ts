// A catalogue with the demo's realistic names (accents, '&', 'feat.', 'b2b', remixes, curators) but
// only the rows a search test reads: every demo artist and label name, and a few dozen tracks and sets
// written from them by a seeded random source, so a failing run can be replayed. For tests of name
// matching and search plans that need a spread of words, not the whole demo catalogue and its media.
import type { FastifyInstance } from 'fastify';
import { ARTIST_NAMES, FESTIVAL_SEEDS, LABEL_SEEDS, trackTitle, VENUE_SEEDS } from '../db/seed/demo-names';
import {
  createArtist,
  createLabel,
  createSet,
  createTrack,
  prng,
  refreshCatalogue,
  sponsorSet,
} from './factories';

export interface NamedCatalogueSize {
  tracks: number;
  sets: number;
}

export async function createNamedCatalogue(
  app: Pick<FastifyInstance, 'db'>,
  size: NamedCatalogueSize = { tracks: 80, sets: 30 },
  seed = 7,
): Promise<void> {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const chance = (p: number) => random() < p;
  const artistIds: number[] = [];
  for (const name of ARTIST_NAMES) artistIds.push(await createArtist(app, { name }));
  const labelIds: number[] = [];
  for (const { name } of LABEL_SEEDS) labelIds.push(await createLabel(app, { name }));
  const someone = () => pick(ARTIST_NAMES);

  for (let i = 0; i < size.tracks; i++) {
    const people = chance(0.2) ? `${someone()} & ${someone()}` : someone();
    const artist = chance(0.2) ? `${people} feat. ${someone()}` : people;
    const remix = chance(0.25);
    await createTrack(app, {
      title: trackTitle(pick, chance),
      artist,
      ...(remix ? { mixType: 'remix' as const, mixName: `${someone()} Remix` } : {}),
      ...(chance(0.8) ? { label: pick(labelIds) } : {}),
    });
  }
  for (let i = 0; i < size.sets; i++) {
    const performer = chance(0.3) ? `${someone()} b2b ${someone()}` : someone();
    const name = chance(0.5)
      ? `Live at ${pick(VENUE_SEEDS).name}`
      : `${pick(FESTIVAL_SEEDS).name} ${2019 + Math.floor(random() * 6)}`;
    const set = await createSet(app, { name, performer, artistId: pick(artistIds) });
    if (chance(0.5)) await sponsorSet(app, set.id, pick(labelIds));
  }
  await refreshCatalogue(app);
}
