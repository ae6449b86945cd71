// Resolving a checked batch against the catalogue: which artists, labels, places, sets and tracks
// already exist (by normalised name; a track by its artists, title and mix; a set by its name and
// date) and which are new. Reads only; writing the plan is write.ts's job.
import type { Db } from '../../db/client';
import type { Batch, SetInput, TrackInput } from './batch';
import { artistsOf } from './credits';
import { normaliseName } from './normalise';
import {
  findByNames,
  findSetIds,
  findSetsByDates,
  findTrackCandidates,
  type NamedKind,
  setKey,
  trackKey,
} from './queries';

/** An item by normalised name: its id when the catalogue has it, else the index of a new one. */
export interface Resolved<T> {
  existing: Map<string, number>;
  created: { key: string; value: T }[];
  matchedKeys: Set<string>;
}

export interface Plan {
  artists: Resolved<{ name: string }>;
  labels: Resolved<{ name: string }>;
  festivals: Resolved<{ name: string }>;
  venues: Resolved<{ name: string }>;
  /** New sets (in batch order) and the existing ids of matched ones, by set ref. */
  newSets: SetInput[];
  matchedSets: Map<string, number>;
  /** Which file's set is one already in the catalogue, or the same as another file's, one line each. */
  setNotes: string[];
  /** New tracks by key (in batch order); refs of every needed track to its key. */
  newTracks: Map<string, TrackInput>;
  matchedTracks: Map<string, number>;
  trackKeyOf: Map<string, string>;
}

/** Names looked up in the catalogue so far, per kind (a name's key → id, or null when absent). */
export class NameIndexes {
  private readonly known = new Map<NamedKind, Map<string, number | null>>();

  /** Looks up the names not yet asked (through `db`: PGlite has one connection) and returns the index. */
  async lookup(db: Db, kind: NamedKind, names: Iterable<string>): Promise<Map<string, number>> {
    let cache = this.known.get(kind);
    if (!cache) {
      cache = new Map();
      this.known.set(kind, cache);
    }
    const missing = [...new Set([...names].map(normaliseName))].filter((k) => k !== '' && !cache.has(k));
    if (missing.length > 0) {
      const found = await findByNames(db, kind, missing);
      for (const key of missing) cache.set(key, found.get(key) ?? null);
    }
    const index = new Map<string, number>();
    for (const [key, id] of cache) if (id !== null) index.set(key, id);
    return index;
  }
}

type Resolver<T> = Resolved<T> & { wanted: T[]; want(v: T): void; settle(index: Map<string, number>): void };

/** Collects the names a plan wants, then settles each as existing (by key) or new (first spelling). */
function resolver<T extends { name: string }>(): Resolver<T> {
  const r: Resolver<T> = {
    existing: new Map(),
    created: [],
    matchedKeys: new Set(),
    wanted: [],
    want(value: T) {
      r.wanted.push(value);
    },
    settle(index: Map<string, number>) {
      for (const value of r.wanted) {
        const key = normaliseName(value.name);
        if (key === '') continue;
        const id = index.get(key);
        if (id !== undefined) {
          r.existing.set(key, id);
          r.matchedKeys.add(key);
        } else if (!r.created.some((c) => c.key === key)) r.created.push({ key, value });
      }
    },
  };
  return r;
}

/** The artists a set names: its list when given, else its artist line split on joins. */
export function setArtistNames(set: SetInput, isKnown: (name: string) => boolean): string[] {
  return set.artists.length > 0 ? set.artists : artistsOf(set.artistLine, isKnown);
}

export async function planImport(db: Db, batch: Batch, indexes: NameIndexes): Promise<Plan> {
  const lineIndex = await indexes.lookup(
    db,
    'artists',
    batch.sets.map((s) => s.artistLine),
  );
  const batchArtists = new Set(batch.artists.map((a) => normaliseName(a.name)));
  const isKnown = (name: string) =>
    lineIndex.has(normaliseName(name)) || batchArtists.has(normaliseName(name));

  // Sets first: a matched set is reused whole, so its track list needs nothing.
  const existingSets = await findSetsByDates(db, [...new Set(batch.sets.map((s) => s.date))]);
  const matchedSets = new Map<string, number>();
  const newSets: SetInput[] = [];
  const seenSetKeys = new Map<string, SetInput>();
  const setNotes: string[] = [];
  const where = (set: SetInput) => set.origin.file + (set.origin.at ? `: ${set.origin.at}` : '');
  for (const set of batch.sets) {
    if (set.owned) {
      newSets.push(set);
      continue;
    }
    const key = setKey(set.name, set.date);
    const id = existingSets.get(key);
    const first = seenSetKeys.get(key);
    if (id !== undefined) {
      matchedSets.set(set.ref, id);
      setNotes.push(
        `${where(set)}: the set '${set.name}' (${set.date}) is already in the catalogue (set ${id}): left as it is`,
      );
    } else if (first) {
      setNotes.push(
        `${where(set)}: the set '${set.name}' (${set.date}) is the same as ${where(first)}'s: imported once`,
      );
    } else {
      seenSetKeys.set(key, set);
      newSets.push(set);
    }
  }

  // Tracks the import needs: those of new sets, and a catalogue file's own tracks.
  const byRef = new Map(batch.tracks.map((t) => [t.ref, t]));
  const needed: TrackInput[] = [];
  const neededRefs = new Set<string>();
  const need = (t: TrackInput | undefined) => {
    if (t && !neededRefs.has(t.ref)) {
      neededRefs.add(t.ref);
      needed.push(t);
    }
  };
  const newSetRefs = new Set(newSets.map((s) => s.ref));
  for (const t of batch.tracks) if (t.ref.includes(':track:') && t.mixType !== 'ID') need(t);
  for (const set of newSets) for (const st of set.tracks) need(byRef.get(st.trackRef));
  for (const t of batch.tracks) if (t.foundInSet && newSetRefs.has(t.foundInSet)) need(t);
  needed.sort((a, b) => batch.tracks.indexOf(a) - batch.tracks.indexOf(b));

  const artists = resolver<{ name: string }>();
  for (const a of batch.artists) artists.want(a);
  for (const l of batch.labels) for (const f of l.founders ?? []) artists.want({ name: f });
  for (const set of newSets) {
    for (const name of setArtistNames(set, isKnown)) artists.want({ name });
    for (const sp of set.sponsors) if (sp.type === 'artist_meta') artists.want({ name: sp.name });
  }
  for (const t of needed) for (const c of t.credits) artists.want({ name: c.name });

  const labels = resolver<{ name: string }>();
  for (const l of batch.labels) labels.want(l);
  for (const t of needed) if (t.labelName) labels.want({ name: t.labelName });
  for (const set of newSets)
    for (const sp of set.sponsors) if (sp.type !== 'artist_meta') labels.want({ name: sp.name });

  const festivals = resolver<{ name: string }>();
  const venues = resolver<{ name: string }>();
  for (const f of batch.festivals) festivals.want(f);
  for (const v of batch.venues) venues.want(v);
  for (const set of newSets) {
    if (set.festival) festivals.want({ name: set.festival });
    if (set.venue) venues.want({ name: set.venue });
  }
  for (const [kind, r] of [
    ['artists', artists],
    ['labels', labels],
    ['festivals', festivals],
    ['venues', venues],
  ] as const) {
    r.settle(
      await indexes.lookup(
        db,
        kind,
        r.wanted.map((v) => v.name),
      ),
    );
  }

  // Tracks: an ID is its own track in the set it was first heard in; any other track is the same
  // track when its artists, title and mix match.
  const trackKeyOf = new Map<string, string>();
  const newTracks = new Map<string, TrackInput>();
  const matchedTracks = new Map<string, number>();
  const released = needed.filter((t) => t.mixType !== 'ID');
  const artistIds = [
    ...new Set(
      released
        .flatMap((t) => t.credits.map((c) => artists.existing.get(normaliseName(c.name))))
        .filter((id) => id !== undefined),
    ),
  ];
  const titles = [...new Set(released.filter((t) => t.credits.length === 0).map((t) => t.title))];
  const existingTracks = new Map<string, number>();
  for (const row of await findTrackCandidates(db, artistIds, titles)) {
    const key = trackKey({
      title: row.title,
      artistLine: row.artist,
      mixType: row.mix_type,
      mixName: row.mix_name,
      credits: row.credits ?? [],
    });
    if (!existingTracks.has(key)) existingTracks.set(key, row.id);
  }
  // An owner's edit names its set's IDs as a matched set does.
  const ownedSetIds = new Map(
    batch.sets.flatMap((s) => (s.owned?.setId === undefined ? [] : [[s.ref, s.owned.setId] as const])),
  );
  const idCounters = new Map<string, number>();
  const existingIdsBySet = new Map<number, { id: number; artist: string }[]>();
  for (const t of needed) {
    let key: string;
    if (t.mixType === 'ID') {
      const setId = t.foundInSet
        ? (matchedSets.get(t.foundInSet) ?? ownedSetIds.get(t.foundInSet))
        : undefined;
      const artistKey = normaliseName(t.artistLine);
      const counter = `${t.foundInSet}|${artistKey}`;
      const nth = idCounters.get(counter) ?? 0;
      idCounters.set(counter, nth + 1);
      key = `ID|${counter}|${nth}`;
      if (setId !== undefined) {
        let ids = existingIdsBySet.get(setId);
        if (!ids) {
          ids = await findSetIds(db, setId);
          existingIdsBySet.set(setId, ids);
        }
        const same = ids.filter((row) => normaliseName(row.artist) === artistKey)[nth];
        if (same) matchedTracks.set(key, same.id);
      }
    } else {
      key = trackKey(t);
      const id = existingTracks.get(key);
      if (id !== undefined) matchedTracks.set(key, id);
    }
    trackKeyOf.set(t.ref, key);
    if (!matchedTracks.has(key) && !newTracks.has(key)) newTracks.set(key, t);
  }
  return {
    artists,
    labels,
    festivals,
    venues,
    newSets,
    matchedSets,
    setNotes,
    newTracks,
    matchedTracks,
    trackKeyOf,
  };
}
