// Writing a plan: new rows in dependency order (artists, labels, places, sets, tracks, then the
// links), each kind in the order the sources gave it, then the maintained counts for what was added.
import type { Db } from '../../db/client';
import type { Batch, MediaSource } from './batch';
import { normaliseName } from './normalise';
import {
  dropUnplayedIds,
  moveSetCounts,
  reachOf,
  reviewExisting,
  setCounts,
  updateOwnedSetRow,
} from './owned-set-queries';
import { type Plan, setArtistNames } from './plan';
import { insertLinks, insertRows, refreshRelations, refreshStatsFor, replaceFeaturedRows } from './queries';
import type { MediaFile } from './sources';

export interface Created {
  sets: number[];
  tracks: number[];
  artists: number[];
  labels: number[];
  festivals: number[];
  venues: number[];
  setTracks: number;
}

/** A label's social links keyed by network, as the catalogue stores them. */
function socialsOf(urls: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const url of urls) {
    const host = (() => {
      try {
        return new URL(url).hostname.replace(/^www\./, '');
      } catch {
        return '';
      }
    })();
    const network = [
      'instagram',
      'soundcloud',
      'youtube',
      'beatport',
      'facebook',
      'bandcamp',
      'twitter',
      'x',
    ].find((n) => host === `${n}.com` || host.endsWith(`.${n}.com`));
    out[network ?? (out.website ? `link${Object.keys(out).length}` : 'website')] = url;
  }
  return out;
}

export async function writePlan(
  db: Db,
  batch: Batch,
  plan: Plan,
  media: Map<string, MediaFile>,
): Promise<Created> {
  const path = (source: MediaSource | null | undefined): string | null => {
    if (!source) return null;
    if (source.kind === 'ref') return source.value;
    return media.get(source.path)?.sitePath ?? null;
  };
  const firstOf = <T extends { name: string }>(list: T[], name: string) =>
    list.find((item) => normaliseName(item.name) === normaliseName(name));

  const artistIds = new Map(plan.artists.existing);
  const newArtists = plan.artists.created.map(({ key, value }) => {
    const full = firstOf(batch.artists, value.name);
    return {
      key,
      row: {
        name: value.name,
        bio: full?.bio ?? null,
        art_url_sm: path(full?.art?.sm),
        art_url_xl: path(full?.art?.xl),
        beatport: full?.links?.beatport ?? null,
        instagram: full?.links?.instagram ?? null,
        youtube: full?.links?.youtube ?? null,
        website: full?.links?.website ?? null,
      },
    };
  });
  const createdArtists = await insertRows(
    db,
    'artists',
    newArtists.map((a) => a.row),
  );
  newArtists.forEach((a, i) => {
    artistIds.set(a.key, createdArtists[i] as number);
  });
  const artistId = (name: string) => artistIds.get(normaliseName(name));

  const labelIds = new Map(plan.labels.existing);
  const newLabels = plan.labels.created.map(({ key, value }) => {
    const full = firstOf(batch.labels, value.name);
    return {
      key,
      founders: full?.founders ?? [],
      row: {
        name: value.name,
        bio: full?.bio ?? null,
        sponsor_type: full?.sponsorType ?? 'label',
        art_url_sm: path(full?.art?.sm),
        art_url_xl: path(full?.art?.xl),
        logo_url: path(full?.logo),
        socials: JSON.stringify(socialsOf(full?.socials ?? [])),
      },
    };
  });
  const createdLabels = await insertRows(
    db,
    'labels',
    newLabels.map((l) => l.row),
  );
  newLabels.forEach((l, i) => {
    labelIds.set(l.key, createdLabels[i] as number);
  });
  await insertLinks(
    db,
    'label_bosses',
    newLabels.flatMap((l, i) =>
      l.founders
        .map((f) => ({ label_id: createdLabels[i], artist_id: artistId(f) }))
        .filter((b) => b.artist_id !== undefined),
    ),
  );
  const labelId = (name: string) => labelIds.get(normaliseName(name));

  const places = async (kind: 'festivals' | 'venues') => {
    const resolved = plan[kind];
    const ids = new Map(resolved.existing);
    const rows = resolved.created.map(({ value }) => {
      const full = firstOf(batch[kind], value.name);
      return {
        name: value.name,
        city: full?.city ?? null,
        country: full?.country ?? null,
        art_url_sm: path(full?.art?.sm),
        art_url_xl: path(full?.art?.xl),
      };
    });
    const created = await insertRows(db, kind, rows);
    resolved.created.forEach((c, i) => {
      ids.set(c.key, created[i] as number);
    });
    return { ids, created };
  };
  const festivals = await places('festivals');
  const venues = await places('venues');

  // A DJ's set its owner edits is written again in place (docs/publishing.md): what it reached before
  // and its own counts are kept to review them once the new rows are in.
  const edited = plan.newSets.flatMap((s) => (s.owned?.setId === undefined ? [] : [s.owned.setId]));
  const reachedBefore = edited.length > 0 ? await reachOf(db, edited) : undefined;
  const countsBefore = edited.length > 0 ? await setCounts(db, edited) : [];

  const isKnown = (name: string) => artistIds.has(normaliseName(name));
  const setRows = plan.newSets.map((set) => {
    const sponsors =
      set.sponsors.length > 0
        ? set.sponsors
        : [{ type: 'artist_meta' as const, name: setArtistNames(set, isKnown)[0] ?? set.artistLine }];
    return {
      set_name: set.name,
      artist: set.artistLine,
      curator: sponsors[0]?.name ?? null,
      genre: set.genre,
      release_date: set.date,
      duration_ms: set.durationMs,
      art_url_sm: path(set.art?.sm),
      art_url_xl: path(set.art?.xl),
      audio_path: path(set.audio),
      festival_id: set.festival ? (festivals.ids.get(normaliseName(set.festival)) ?? null) : null,
      venue_id: set.venue ? (venues.ids.get(normaliseName(set.venue)) ?? null) : null,
      owner_id: set.owned?.ownerId ?? null,
    };
  });
  const inserted = await insertRows(
    db,
    'sets',
    setRows.filter((_, i) => plan.newSets[i]?.owned?.setId === undefined),
  );
  // Every set's id in batch order: the new ones, and the edited ones as they were.
  const createdSets: number[] = [];
  for (const [i, set] of plan.newSets.entries()) {
    const editedId = set.owned?.setId;
    const row = setRows[i];
    if (editedId !== undefined && row) {
      await updateOwnedSetRow(db, editedId, row);
      createdSets.push(editedId);
    } else createdSets.push(inserted.shift() as number);
  }
  const newSetIds = createdSets.filter((id) => !edited.includes(id));
  const setIds = new Map(plan.matchedSets);
  plan.newSets.forEach((s, i) => {
    setIds.set(s.ref, createdSets[i] as number);
  });
  await insertLinks(
    db,
    'set_artists',
    plan.newSets.flatMap((set, i) =>
      [...new Set(setArtistNames(set, isKnown).map((n) => artistId(n)))].map((id, position) => ({
        set_id: createdSets[i],
        artist_id: id,
        position: position + 1,
      })),
    ),
  );
  await insertLinks(
    db,
    'set_sponsors',
    plan.newSets.flatMap((set, i) => {
      const sponsors =
        set.sponsors.length > 0
          ? set.sponsors
          : [{ type: 'artist_meta' as const, name: setArtistNames(set, isKnown)[0] ?? '' }];
      return sponsors.map((sp, position) => ({
        set_id: createdSets[i],
        position: position + 1,
        sponsor_type: sp.type,
        artist_id: sp.type === 'artist_meta' ? artistId(sp.name) : null,
        label_id: sp.type === 'artist_meta' ? null : labelId(sp.name),
      }));
    }),
  );

  const newTracks = [...plan.newTracks.entries()];
  const trackRows = newTracks.map(([, t]) => ({
    title: t.title,
    artist: t.artistLine,
    mix_type: t.mixType,
    mix_name: t.mixName,
    label_id: t.labelName ? (labelId(t.labelName) ?? null) : null,
    label_name: t.labelName,
    release_date: t.releaseDate ?? null,
    bpm: t.bpm ?? null,
    key: t.key ?? null,
    genre: t.genre ?? null,
    purchase_url: t.purchaseUrl ?? null,
    found_in_set_id: t.foundInSet ? (setIds.get(t.foundInSet) ?? null) : null,
    art_url_sm: path(t.art?.sm),
    art_url_xl: path(t.art?.xl),
    ...(t.createdDt ? { created_dt: t.createdDt } : {}),
  }));
  // created_dt defaults to now; rows that carry one are inserted on their own shape.
  const createdTracks: number[] = [];
  for (let i = 0; i < trackRows.length; ) {
    const withDate = 'created_dt' in (trackRows[i] as object);
    let j = i;
    while (j < trackRows.length && 'created_dt' in (trackRows[j] as object) === withDate) j++;
    createdTracks.push(...(await insertRows(db, 'tracks', trackRows.slice(i, j))));
    i = j;
  }
  const trackIds = new Map(plan.matchedTracks);
  newTracks.forEach(([key], i) => {
    trackIds.set(key, createdTracks[i] as number);
  });
  await insertLinks(
    db,
    'track_artists',
    newTracks.flatMap(([, t], i) =>
      t.credits.map((c, position) => ({
        track_id: createdTracks[i],
        artist_id: artistId(c.name),
        role: c.role,
        position: position + 1,
      })),
    ),
  );
  // An ID the file says came out is linked to the track it was released as (a new ID has no
  // watchers yet, so there is nobody to notify).
  await insertLinks(
    db,
    'id_releases',
    newTracks.flatMap(([, t], i) => {
      const released = t.releasedAs ? trackIds.get(plan.trackKeyOf.get(t.releasedAs) ?? '') : undefined;
      return t.mixType === 'ID' && released !== undefined
        ? [{ id_track_id: createdTracks[i], released_track_id: released }]
        : [];
    }),
  );
  const setTrackRows = plan.newSets.flatMap((set, i) =>
    set.tracks.map((st, position) => ({
      set_id: createdSets[i],
      track_position: position + 1,
      track_id: trackIds.get(plan.trackKeyOf.get(st.trackRef) ?? ''),
      start_time: st.start,
      end_time: st.end,
      untimed: st.untimed === true,
    })),
  );
  await insertLinks(db, 'set_tracks', setTrackRows);
  const dropped = edited.length > 0 ? await dropUnplayedIds(db, edited) : [];

  const created: Created = {
    sets: newSetIds,
    tracks: createdTracks,
    artists: createdArtists,
    labels: createdLabels,
    festivals: festivals.created,
    venues: venues.created,
    setTracks: setTrackRows.length,
  };
  if (reachedBefore) {
    // The edited sets' items counted again (as new ones were counted above), then the relations.
    await refreshStatsFor(db, created, { relations: false });
    const gone = new Set(dropped);
    await reviewExisting(db, {
      sets: edited,
      tracks: reachedBefore.tracks.filter((t) => !gone.has(t)),
      artists: reachedBefore.artists,
      labels: reachedBefore.labels,
    });
    await moveSetCounts(db, edited, countsBefore);
    await refreshRelations(db, created, edited);
  } else await refreshStatsFor(db, created);

  if (batch.featured) {
    const ids: Record<string, (name: string) => number | undefined> = {
      sets: (ref) => setIds.get(ref),
      tracks: (ref) => trackIds.get(plan.trackKeyOf.get(ref) ?? ''),
      artists: artistId,
      labels: labelId,
      festivals: (name) => festivals.ids.get(normaliseName(name)),
      venues: (name) => venues.ids.get(normaliseName(name)),
    };
    for (const [kind, names] of Object.entries(batch.featured)) {
      const resolve = ids[kind];
      if (!names || !resolve) continue;
      await replaceFeaturedRows(
        db,
        kind,
        names.map(resolve).filter((id): id is number => id !== undefined),
      );
    }
  }
  return created;
}
