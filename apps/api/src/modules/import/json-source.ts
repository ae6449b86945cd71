// The catalogue file (contract catalogue-file.ts, docs/import.md) read into a batch. Ids in the file
// only link its items together; everything is resolved by name against the catalogue later.
import { dirname, resolve } from 'node:path';
import {
  type CatalogueFileParsed,
  type CatalogueFileTrack,
  catalogueFile,
} from '@cratedig/contract/catalogue-file';
import type { z } from 'zod';
import { type Batch, type MediaSource, type Origin, problem, type TrackInput } from './batch';
import type { SourceContext } from './cue';
import { jsonErrorOffset } from './json-syntax';

/** `$.sets[3].set_tracks[2].start_time` for a zod issue path. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return `$${path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}`;
}

/** Line and column of a character offset, for JSON syntax errors. */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - before.lastIndexOf('\n')}`;
}

export function parseCatalogueJson(
  text: string,
  source: SourceContext,
  into: Batch,
  problems: string[],
): void {
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const offset = jsonErrorOffset(text.replace(/^\uFEFF/, ''));
    const where = offset === undefined ? '' : lineColumn(text, offset);
    problems.push(
      problem({ file: source.name, at: where }, `malformed JSON: ${message.replace(/^JSON\.parse: /, '')}`),
    );
    return;
  }
  const parsed = catalogueFile.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues.slice(0, 20)) {
      problems.push(problem({ file: source.name, at: jsonPath(issue.path) }, issueText(issue)));
    }
    return;
  }
  readCatalogue(parsed.data, source, into, problems);
}

function issueText(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_value' && 'values' in issue) {
    const values = (issue.values as unknown[]).map(String);
    return values.length > 6
      ? `${issue.message.split(':')[0]} (not one of the ${values.length} allowed values)`
      : issue.message;
  }
  return issue.message;
}

function readCatalogue(
  file: CatalogueFileParsed,
  source: SourceContext,
  into: Batch,
  problems: string[],
): void {
  const folder = dirname(source.path);
  const at = (path: string): Origin => ({ file: source.name, at: path });
  const media = (value: string | null | undefined, path: string): MediaSource | null => {
    if (value === null || value === undefined) return null;
    if (/^(\/media\/|https?:\/\/)/.test(value)) return { kind: 'ref', value };
    return { kind: 'file', path: resolve(folder, value), origin: at(path) };
  };
  const art = (item: { art_url_sm?: string | null; art_url_xl?: string | null }, path: string) => ({
    sm: media(item.art_url_sm, `${path}.art_url_sm`),
    xl: media(item.art_url_xl, `${path}.art_url_xl`),
  });

  const artistNames = new Map<number, string>();
  file.artists.forEach((a, i) => {
    artistNames.set(a.id, a.name);
    into.artists.push({
      name: a.name,
      bio: a.bio ?? null,
      art: art(a, `$.artists[${i}]`),
      links: {
        beatport: a.beatport ?? null,
        instagram: a.instagram ?? null,
        youtube: a.youtube ?? null,
        website: a.website ?? null,
      },
    });
  });
  const labelNames = new Map<number, string>();
  file.labels.forEach((l, i) => {
    labelNames.set(l.id, l.name);
    into.labels.push({
      name: l.name,
      bio: l.bio ?? null,
      sponsorType: l.sponsor_type ?? 'label',
      art: art(l, `$.labels[${i}]`),
      logo: media(l.logo_url, `$.labels[${i}].logo_url`),
      socials: l.socials ?? [],
      founders: (l.label_boss ?? []).map((b) => artistNames.get(b.id) ?? b.name),
    });
  });
  const places = (list: typeof file.festivals, kind: 'festivals' | 'venues') =>
    list.map((p, i) => ({
      name: p.name,
      city: p.city ?? null,
      country: p.country ?? null,
      art: art(p, `$.${kind}[${i}]`),
    }));
  into.festivals.push(...places(file.festivals, 'festivals'));
  into.venues.push(...places(file.venues, 'venues'));

  const setRef = (setId: number) => `json:${source.path}:set:${setId}`;
  const trackRef = (trackId: number) => `json:${source.path}:track:${trackId}`;
  const seenTracks = new Set<number>();
  const addTrack = (t: CatalogueFileTrack, path: string) => {
    if (seenTracks.has(t.id)) return;
    seenTracks.add(t.id);
    const labelId = t.label_meta?.id ?? t.label_meta_id ?? null;
    const input: TrackInput = {
      ref: trackRef(t.id),
      title: t.title,
      artistLine: t.artist,
      credits: t.artists.map((c) => ({
        name: artistNames.get(c.artist_meta.id) ?? c.artist_meta.name,
        role: c.role,
      })),
      mixType: t.mix_type,
      mixName: t.mix_meta?.name ?? null,
      labelName: (labelId !== null ? labelNames.get(labelId) : undefined) ?? t.label_name ?? null,
      releaseDate: t.release_date ?? null,
      bpm: t.bpm ?? null,
      key: t.key ?? null,
      genre: t.genre ?? null,
      purchaseUrl: t.purchase_url ?? null,
      art: art(t, path),
      ...(t.created_dt ? { createdDt: t.created_dt } : {}),
      ...(t.set_meta ? { foundInSet: setRef(t.set_meta.id) } : {}),
      ...(t.release ? { releasedAs: trackRef(t.release.id) } : {}),
      origin: at(path),
    };
    if (input.mixType === 'ID' && !input.foundInSet) {
      problems.push(problem(at(`${path}.set_meta`), 'an ID needs set_meta, the set it was first heard in'));
    }
    into.tracks.push(input);
  };
  file.tracks.forEach((t, i) => {
    addTrack(t, `$.tracks[${i}]`);
  });
  const fileTrackIds = new Set(file.tracks.map((t) => t.id));

  file.sets.forEach((s, i) => {
    const path = `$.sets[${i}]`;
    const tracks = s.set_tracks.map((st, j) => {
      const stPath = `${path}.set_tracks[${j}]`;
      if (st.track_meta) addTrack(st.track_meta, `${stPath}.track_meta`);
      else if (!fileTrackIds.has(st.track_meta_id)) {
        problems.push(
          problem(
            at(`${stPath}.track_meta_id`),
            `no track ${st.track_meta_id} in $.tracks and no track_meta`,
          ),
        );
      }
      return {
        trackRef: trackRef(st.track_meta_id),
        start: st.start_time,
        end: st.end_time,
        origin: at(stPath),
      };
    });
    const untimed = s.set_tracks.length > 0 && s.set_tracks.every((st) => st.untimed === true);
    into.sets.push({
      ref: setRef(s.id),
      name: s.set_name,
      artistLine: s.artist,
      artists: s.artists.map((a) => artistNames.get(a.id) ?? a.name),
      date: s.release_date,
      genre: s.genre,
      ...(s.duration !== undefined ? { durationMs: s.duration } : {}),
      audio: media(s.mp3_permalink, `${path}.mp3_permalink`),
      art: art(s, path),
      sponsors: (s.set_sponsors ?? []).map((sp) => ({ type: sp.sponsor_type, name: sp.sponsor })),
      festival: s.festival?.name ?? null,
      venue: s.venue?.name ?? null,
      tracks,
      lastEndsWithAudio: false,
      ...(untimed ? { untimed: true } : {}),
      origin: at(path),
    });
  });

  if (file.featured) {
    const byId = <T extends { id: number }>(
      items: T[],
      name: (item: T) => string,
      ids: number[] | undefined,
      kind: string,
    ) =>
      ids?.map((itemId, k) => {
        const item = items.find((x) => x.id === itemId);
        if (!item)
          problems.push(
            problem(at(`$.featured.${kind}[${k}]`), `no ${kind.replace(/s$/, '')} ${itemId} in this file`),
          );
        return item ? name(item) : '';
      });
    const f = file.featured;
    const allTracks = [
      ...file.tracks,
      ...file.sets.flatMap((s) => s.set_tracks.flatMap((st) => (st.track_meta ? [st.track_meta] : []))),
    ];
    into.featured = {
      ...(f.sets ? { sets: byId(file.sets, (x) => setRef(x.id), f.sets, 'sets') } : {}),
      ...(f.tracks ? { tracks: byId(allTracks, (x) => trackRef(x.id), f.tracks, 'tracks') } : {}),
      ...(f.artists ? { artists: byId(file.artists, (x) => x.name, f.artists, 'artists') } : {}),
      ...(f.labels ? { labels: byId(file.labels, (x) => x.name, f.labels, 'labels') } : {}),
      ...(f.festivals ? { festivals: byId(file.festivals, (x) => x.name, f.festivals, 'festivals') } : {}),
      ...(f.venues ? { venues: byId(file.venues, (x) => x.name, f.venues, 'venues') } : {}),
    };
  }
}
