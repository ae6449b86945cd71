// What the fingerprints tell listeners (docs/fingerprints.md): where a track's audio is heard, what
// a set's unnamed stretches are, and whether the job is still listening. Matches are computed when
// asked, from the index; nothing here changes a tracklist.
import type {
  FingerprintStatus,
  HeardIn,
  HeardInList,
  HeardInQuery,
  SetSuggestion,
  SetSuggestionList,
} from '@cratedig/contract/fingerprints-api';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  entriesPlayingAt,
  setEntrySpans,
  setsWithAudio,
  trackEntries,
  untimedPlaces,
} from '../../db/read-models/catalogue-set-audio';
import { setExists } from '../../db/read-models/catalogue-set-rows';
import { setSummaries, trackSummary } from '../../db/read-models/catalogue-summaries';
import { queryRow } from '../../db/rows';
import { notFound } from '../../lib/http-errors';
import type { ServiceContext } from '../../lib/service-context';
import { type NamedId, proposeForCopy } from '../identifications/service';
import { ITEM_S } from './fpcalc';
import { findMatches, type Match, type MatcherSource, type MatchOptions } from './matcher';
import { fingerprintStatus, loadFingerprint, lookupPostings } from './store';

/** Seconds left out at each end of a tracklist entry: the crossfades, where two tracks sound at once. */
const EDGE_S = 3;
/** Unnamed stretches shorter than this are a mix's transitions, not a track. */
const MIN_GAP_S = 20;
const WINDOW_S = 30;

export function matcherSource(db: Db): MatcherSource {
  return { lookup: (keys) => lookupPostings(db, keys), load: (setId) => loadFingerprint(db, setId) };
}

/** True while sets with audio are waiting for the fingerprint job. */
export async function isListening(db: Db): Promise<boolean> {
  const row = await queryRow<{ listening: boolean }>(
    db,
    sql`select exists(
          select 1 from ${setsWithAudio} s left join set_fingerprints f on f.set_id = s.id
          where f.set_id is null or f.status = 'pending'
        ) as listening`,
  );
  return row?.listening === true;
}

export async function status(ctx: ServiceContext): Promise<FingerprintStatus> {
  const s = await fingerprintStatus(ctx.db);
  return {
    sets: s.sets,
    fingerprinted: s.done,
    pending: Math.max(0, s.sets - s.done - s.failed.length),
    failed: s.failed.length,
    listening: await isListening(ctx.db),
  };
}

interface Anchor {
  setId: number;
  startTime: number;
  endTime: number;
}

/** The track's longest tracklist entry in a fingerprinted set: the audio its copies are looked for by. */
export async function anchorOf(db: Db, trackId: number): Promise<Anchor | undefined> {
  return queryRow<Anchor>(
    db,
    sql`select st.set_id as "setId", st.start_time as "startTime", st.end_time as "endTime"
        from ${trackEntries(trackId)} st join set_fingerprints f on f.set_id = st.set_id and f.status = 'done'
        order by st.end_time - st.start_time desc, st.set_id, st.track_position
        limit 1`,
  );
}

function slice(values: Uint32Array, fromS: number, toS: number): Uint32Array {
  return values.subarray(
    Math.max(0, Math.round(fromS / ITEM_S)),
    Math.min(values.length, Math.round(toS / ITEM_S)),
  );
}

/** Every copy of the track's audio in other sets than its anchor's, best first. */
export async function copiesOf(db: Db, trackId: number, opts: MatchOptions = {}): Promise<HeardIn[]> {
  const anchor = await anchorOf(db, trackId);
  if (!anchor) return [];
  const values = await loadFingerprint(db, anchor.setId);
  if (!values) return [];
  const query = slice(values, anchor.startTime + EDGE_S, anchor.endTime - EDGE_S);
  const matches = (await findMatches(query, matcherSource(db), opts)).filter((m) => m.setId !== anchor.setId);
  const described = await describe(db, matches);
  // A set whose list has no times names no entry at the match; when that list names the track, the
  // match is in its tracklist, at its place in the list.
  const listed = await untimedPlaces(
    db,
    trackId,
    described.filter((d) => !d.entry).map((d) => d.set.id),
  );
  return described
    .map(({ match, set, entry }) => {
      const place = entry ? undefined : listed.find((l) => l.setId === set.id)?.position;
      return {
        set_meta: set,
        start_time: match.startS,
        end_time: match.endS,
        similarity: Math.round(match.similarity * 1000) / 1000,
        in_tracklist: entry?.trackId === trackId || place !== undefined,
        set_track_position: entry?.position ?? place ?? null,
        set_track_id: entry?.trackId ?? (place === undefined ? null : trackId),
      };
    })
    .sort((a, b) => b.similarity - a.similarity || a.set_meta.id - b.set_meta.id);
}

/** Each match with its set and the tracklist entry playing at the middle of the stretch. */
async function describe(db: Db, matches: Match[]) {
  if (matches.length === 0) return [];
  const entries = await entriesPlayingAt(
    db,
    matches.map((m) => ({ setId: m.setId, at: (m.startS + m.endS) / 2 })),
  );
  const sets = await setSummaries(db, [...new Set(matches.map((m) => m.setId))]);
  return matches.flatMap((match) => {
    const set = sets.find((s) => s.id === match.setId);
    if (!set) return [];
    const mid = (match.startS + match.endS) / 2;
    const entry = entries.find((e) => e.setId === match.setId && Math.abs(e.at - mid) < 1e-6);
    return [{ match, set, entry }];
  });
}

export async function heardIn(
  ctx: ServiceContext,
  trackId: number,
  query: HeardInQuery,
): Promise<HeardInList> {
  if (!(await trackSummary(ctx.db, trackId))) throw notFound('Track');
  const all = await copiesOf(ctx.db, trackId);
  const data = all.slice(query.offset, query.offset + query.limit);
  return {
    data,
    pagination: { offset: query.offset, count: data.length, total: all.length },
    listening: await isListening(ctx.db),
  };
}

/**
 * Stretches of the set that its tracklist leaves unnamed (20 s or more), each looked up in windows of
 * 30 s: a window heard in another set where that set's tracklist names a released track suggests it.
 */
export async function setSuggestions(ctx: ServiceContext, setId: number): Promise<SetSuggestionList> {
  if (!(await setExists(ctx.db, setId))) throw notFound('Set');
  const listening = await isListening(ctx.db);
  const values = await loadFingerprint(ctx.db, setId);
  if (!values) return { data: [], listening };
  const entries = await setEntrySpans(ctx.db, setId);
  const found = new Map<number, SetSuggestion>();
  for (const gap of gapsOf(entries, values.length * ITEM_S)) {
    for (let from = gap.start; from < gap.end - MIN_GAP_S / 2; from += WINDOW_S / 2) {
      const to = Math.min(gap.end, from + WINDOW_S);
      const matches = (await findMatches(slice(values, from, to), matcherSource(ctx.db))).filter(
        (m) => m.setId !== setId,
      );
      for (const { match, set: other, entry } of await describe(ctx.db, matches)) {
        if (!entry || entry.isId) continue;
        const start = Math.round(from + match.queryStartS);
        const end = Math.round(from + match.queryEndS);
        const previous = found.get(entry.trackId);
        if (previous) {
          previous.start_time = Math.min(previous.start_time, start);
          previous.end_time = Math.max(previous.end_time, end);
          previous.similarity = Math.max(previous.similarity, Math.round(match.similarity * 1000) / 1000);
          continue;
        }
        const track = await trackSummary(ctx.db, entry.trackId);
        if (!track) continue;
        found.set(entry.trackId, {
          start_time: start,
          end_time: end,
          similarity: Math.round(match.similarity * 1000) / 1000,
          track_meta: track,
          heard_in: other,
        });
      }
    }
  }
  return { data: [...found.values()].sort((a, b) => a.start_time - b.start_time), listening };
}

/** The stretches of [0, duration) that no entry covers, MIN_GAP_S or longer. */
export function gapsOf(entries: { start: number; end: number }[], durationS: number) {
  const gaps: { start: number; end: number }[] = [];
  let at = 0;
  for (const e of [...entries].sort((a, b) => a.start - b.start)) {
    if (e.start - at >= MIN_GAP_S) gaps.push({ start: at, end: e.start });
    at = Math.max(at, e.end);
  }
  if (durationS - at >= MIN_GAP_S) gaps.push({ start: at, end: durationS });
  return gaps;
}

/**
 * When an ID is named: every copy of its audio listed under another ID entry gets a proposal naming
 * the same, for the crowd to confirm; answers the new proposals' ids.
 */
export async function proposeForCopies(ctx: ServiceContext, named: NamedId): Promise<number[]> {
  const created: number[] = [];
  for (const copy of await copiesOf(ctx.db, named.idTrackId)) {
    if (copy.set_track_id === null || copy.set_track_id === named.idTrackId) continue;
    const id = await proposeForCopy(ctx, copy.set_track_id, named.values);
    if (id !== undefined) created.push(id);
  }
  return created;
}
