// Demo sets that give Cratedig's fingerprints something to find on first start: two sets that play
// IDs first heard elsewhere under IDs of their own (the same audio, a separate "ID - ID" entry each
// time), and one set whose tracklist leaves three of its tracks unnamed. Built after every other
// demo row from a random source of their own, so nothing built before them changes.
import type { Genre } from '@cratedig/contract/constants';
import { audioPath, DAY_MS, type DemoBuild, isoDate, slugify, withArt } from './demo-build';
import type { DemoCatalogue, DemoSet } from './demo-rows';
import type { DemoSets } from './demo-sets';
import type { TrackBook } from './demo-tracks';
import { createRandom } from './media/random';

/** IDs the demo's crowd already discusses (demo-identifications.ts takes the first four). */
const DISCUSSED_IDS = 4;
const LAST_DAY = Date.UTC(2025, 8, 1);
const MINUTES = 16;
const SLOTS = 9;

export function buildListeningSets(
  build: DemoBuild,
  book: TrackBook,
  built: DemoSets,
  artists: DemoCatalogue['artists'],
): void {
  const r = createRandom('cratedig-demo-listening-v1');
  const released = new Set(built.idReleases.map((x) => x.idTrackId));
  const openIds = book.tracks
    .filter((t) => t.mixType === 'ID' && !released.has(t.id))
    .slice(DISCUSSED_IDS)
    .filter((t) => t.foundInSetId != null);
  const copied = [openIds[0], openIds[3], openIds[6]].filter((t) => t !== undefined);
  const [first, second, third] = copied;
  if (!first || !second || !third) return;
  const plans: { copies: typeof copied; unlisted: number[] }[] = [
    { copies: [first, second], unlisted: [] },
    { copies: [first, third], unlisted: [] },
    { copies: [], unlisted: [3, 6, 8] },
  ];
  plans.forEach((plan, index) => {
    const setId = built.sets.length + 1;
    const lead = plan.copies[0] ?? r.pick(openIds);
    const original = built.sets.find((s) => s.row.id === lead.foundInSetId);
    // after every set that first played what it copies, away from the newest sets of the demo
    const heardFirst = Math.max(
      ...plan.copies.map((c) =>
        Date.parse(built.sets.find((s) => s.row.id === c.foundInSetId)?.row.releaseDate ?? '2023-01-01'),
      ),
      Date.parse('2023-03-01'),
    );
    const dateMs = Math.min(heardFirst + (30 + index * 9) * DAY_MS, LAST_DAY);
    const month = new Date(dateMs).toLocaleString('en-GB', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const genre = (lead.genre ?? original?.row.genre ?? 'Techno') as Genre;
    const performerId =
      built.setArtists.find((a) => a.setId === original?.row.id && a.position === 1)?.artistId ?? 1;
    const performer = artists.find((a) => a.id === performerId);
    const name = performer?.name ?? 'Unknown';
    const setName =
      plan.unlisted.length > 0
        ? `${name} – Late Night Mix, ${month}`
        : `${name} – ${index === 0 ? 'Warehouse Session' : 'Rooftop Session'} ${month}`;
    const slots: DemoSet['slots'] = [];
    const used = new Set<number>();
    const pool = (book.pools.get(genre) ?? []).filter((id) => {
      const t = book.byId.get(id);
      return t?.releaseDate != null && t.releaseDate <= isoDate(dateMs);
    });
    const copyAt = [3, 6];
    for (let position = 1; position <= SLOTS; position++) {
      const copy = plan.copies[copyAt.indexOf(position)];
      if (copy) {
        const idRow = book.add({
          title: 'ID',
          artist: copy.artist,
          mixType: 'ID',
          mixName: null,
          labelId: null,
          labelName: null,
          releaseDate: null,
          bpm: null,
          key: null,
          genre: copy.genre,
          purchaseUrl: null,
          foundInSetId: setId,
          createdDt: new Date(dateMs + 22 * 3_600_000 + position * 180_000),
        });
        const credit = book.trackArtists.find((a) => a.trackId === copy.id && a.role === 'ID');
        if (credit) book.trackArtists.push({ ...credit, trackId: idRow.id });
        slots.push({ trackId: idRow.id, audioTrackId: copy.id, weight: 1, genre, bpm: 124 });
        continue;
      }
      const candidates = pool.filter((id) => !used.has(id));
      const trackId = r.pick(candidates.length > 0 ? candidates : pool);
      used.add(trackId);
      const t = book.byId.get(trackId);
      slots.push({
        trackId,
        weight: r.range(0.8, 1.2),
        genre: (t?.genre as Genre | null | undefined) ?? genre,
        bpm: t?.bpm ?? 124,
        ...(plan.unlisted.includes(position) ? { unlisted: true } : {}),
      });
    }
    const audioBaseName = `${setId}-${slugify(setName)}`.slice(0, 60);
    built.sets.push({
      row: {
        id: setId,
        setName,
        artist: name,
        curator: name,
        genre,
        releaseDate: isoDate(dateMs),
        durationMs: MINUTES * 60_000,
        ...withArt(build, 'set', setId, setName),
        audioPath: `/media/${audioPath(audioBaseName)}`,
        festivalId: null,
        venueId: null,
        createdAt: new Date(dateMs + 2 * DAY_MS),
      },
      audioBaseName,
      slots,
    });
    built.setArtists.push({ setId, artistId: performerId, position: 1 });
    built.setSponsors.push({
      setId,
      position: 1,
      sponsorType: 'artist_meta',
      artistId: performerId,
      labelId: null,
    });
  });
}
