// The demo's labels and their founders (label bosses). A "full" label seed sponsors sets as a
// label_meta and has a bio and a website; the others are plain labels.
import type { Genre } from '@cratedig/contract/constants';
import type { PickArtist } from './demo-artists';
import { labelBio } from './demo-bios';
import { type DemoBuild, slugify, withArt } from './demo-build';
import { LABEL_SEEDS } from './demo-names';
import type { DemoCatalogue } from './demo-rows';

export interface DemoLabels {
  labels: DemoCatalogue['labels'];
  labelBosses: DemoCatalogue['labelBosses'];
  /** The first label each founding artist started. */
  foundedBy: Map<number, string>;
  /** The labels releasing a genre (every label when none does). */
  labelsFor: (genre: Genre) => DemoCatalogue['labels'];
}

export function buildLabels(build: DemoBuild, pickArtist: PickArtist): DemoLabels {
  const { r } = build;
  const labels: DemoCatalogue['labels'] = [];
  const labelBosses: DemoCatalogue['labelBosses'] = [];
  const foundedBy = new Map<number, string>();
  LABEL_SEEDS.forEach((seed, i) => {
    const id = i + 1;
    const first = pickArtist(seed.genres[0] as Genre);
    const founders = [first];
    if (r.chance(0.3)) founders.push(pickArtist(seed.genres[1] as Genre, [first.id]));
    for (const f of founders) {
      labelBosses.push({ labelId: id, artistId: f.id });
      if (!foundedBy.has(f.id)) foundedBy.set(f.id, seed.name);
    }
    const slug = slugify(seed.name);
    const images = withArt(build, 'label', id, seed.name);
    labels.push({
      id,
      name: seed.name,
      sponsorType: seed.full ? 'label_meta' : 'label',
      bio: seed.full
        ? labelBio(r, {
            name: seed.name,
            city: seed.city,
            founders: founders.map((f) => f.name),
            genres: seed.genres,
            since: r.int(2004, 2020),
          })
        : null,
      ...images,
      logoUrl: images.artUrlSm,
      socials: {
        instagram: `https://www.instagram.com/${slug.replaceAll('-', '')}`,
        ...(r.chance(0.7) ? { soundcloud: `https://soundcloud.com/${slug}` } : {}),
        ...(seed.full ? { website: `https://${slug.replaceAll('-', '')}.com` } : {}),
      },
    });
  });
  const labelsFor = (genre: Genre) => {
    const pool = labels.filter((l) => LABEL_SEEDS[l.id - 1]?.genres.includes(genre));
    return pool.length > 0 ? pool : labels;
  };
  return { labels, labelBosses, foundedBy, labelsFor };
}
