// A catalogue with the demo's realistic names (accents, '&', 'feat.', 'b2b', remixes, curators) but
// only the rows a search test reads: every demo artist and label name, and a few dozen tracks and sets
// written from them by a seeded random source, so a failing run can be replayed. For tests of name
// matching and search plans that need a spread of words, not the whole demo catalogue. Each table is
// filled by one statement: row by row, the inserts cost more than the tests that read them.
import type { FastifyInstance } from 'fastify';
import { artists, labels, setArtists, setSponsors, sets, tracks } from '../db/schema';
import { ARTIST_NAMES, FESTIVAL_SEEDS, LABEL_SEEDS, trackTitle, VENUE_SEEDS } from '../db/seed/demo-names';
import { prng, refreshCatalogue } from './factories';

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
  const someone = () => pick(ARTIST_NAMES);
  const artistIds = (
    await app.db
      .insert(artists)
      .values(ARTIST_NAMES.map((name) => ({ name })))
      .returning({ id: artists.id })
  ).map((row) => row.id);
  const labelRows = await app.db
    .insert(labels)
    .values(LABEL_SEEDS.map(({ name }) => ({ name, sponsorType: 'label' as const })))
    .returning({ id: labels.id, name: labels.name });

  const trackRows = Array.from({ length: size.tracks }, () => {
    const people = chance(0.2) ? `${someone()} & ${someone()}` : someone();
    const remix = chance(0.25);
    const label = chance(0.8) ? pick(labelRows) : undefined;
    return {
      title: trackTitle(pick, chance),
      artist: chance(0.2) ? `${people} feat. ${someone()}` : people,
      mixType: remix ? ('remix' as const) : ('original_mix' as const),
      mixName: remix ? `${someone()} Remix` : null,
      genre: 'Techno' as const,
      labelId: label?.id ?? null,
      labelName: label?.name ?? null,
      releaseDate: '2024-01-15',
    };
  });
  if (trackRows.length > 0) await app.db.insert(tracks).values(trackRows);

  const setRows = Array.from({ length: size.sets }, () => {
    const sponsor = chance(0.5) ? pick(labelRows) : undefined;
    return {
      row: {
        setName: chance(0.5)
          ? `Live at ${pick(VENUE_SEEDS).name}`
          : `${pick(FESTIVAL_SEEDS).name} ${2019 + Math.floor(random() * 6)}`,
        artist: chance(0.3) ? `${someone()} b2b ${someone()}` : someone(),
        curator: sponsor?.name ?? null,
        genre: 'Techno' as const,
        releaseDate: '2024-05-01',
        durationMs: 3_600_000,
      },
      performer: pick(artistIds),
      sponsor,
    };
  });
  if (setRows.length > 0) {
    const made = await app.db
      .insert(sets)
      .values(setRows.map((s) => s.row))
      .returning({ id: sets.id });
    await app.db
      .insert(setArtists)
      .values(
        made.map(({ id }, i) => ({ setId: id, artistId: setRows[i]?.performer as number, position: 1 })),
      );
    const sponsored = made.flatMap(({ id }, i) => {
      const sponsor = setRows[i]?.sponsor;
      return sponsor ? [{ setId: id, position: 1, sponsorType: 'label' as const, labelId: sponsor.id }] : [];
    });
    if (sponsored.length > 0) await app.db.insert(setSponsors).values(sponsored);
  }
  await refreshCatalogue(app);
}
