// What a DJ does with their own set (docs/publishing.md "Owning a set"): its details and tracklist
// (a preview of what the tracklist becomes, a published set changed at once), publishing,
// unpublishing, deleting, and the tracks Cratedig recognised in the recording. Every function acts as
// the context's user on their own drafts only: another's answers 404, as one that does not exist.
// The catalogue is written by the import's writer (modules/import), in the caller's one transaction.
import type { SetSuggestion, SetSuggestionList } from '@cratedig/contract/fingerprints-api';
import {
  type AcceptRecognisedBody,
  type DraftTracklistPreview,
  type MySet,
  type PublishDetails,
  publishMessages,
  type RecognisedTrack,
  type RecognisedTracks,
} from '@cratedig/contract/publish-api';
import type { Db } from '../../db/client';
import { findSetRows, type SetRow } from '../../db/read-models/catalogue-set-rows';
import { trackNames } from '../../db/read-models/catalogue-summaries';
import { HttpError, notFound, unprocessable } from '../../lib/http-errors';
import type { MediaStore } from '../../lib/media-store';
import type { ServiceContext, UserContext } from '../../plugins/service-context';
import * as limits from '../accounts/rate-limit-service';
import { setSuggestions, wasHeard } from '../fingerprints/service';
import {
  type DraftSet,
  planDraft,
  previewOf,
  problemsByLine,
  unfileable,
} from '../import/draft-tracklist-service';
import { readOwnedTracklist, removeOwnedSet, writeOwnedSet } from '../import/owned-set-service';
import {
  deleteUpload,
  lockOwnUpload,
  missingDetails,
  mySetOf,
  ownUpload,
  setDetails,
  type UploadRow,
  updateUpload,
} from './queries';
import { tracklistText } from './tracklist-text';

const NOT_FOUND = 'Set';
export const TAKEN_DOWN = 'This set was taken down: it can no longer be changed or published.';
export const NOT_PUBLISHED = 'This set is not published.';
const TRACKLIST_REFUSED = 'The tracklist has problems: nothing was changed.';

/** The draft of the context's user, locked for the change; 404 when it is not theirs. */
async function ownLocked(db: Db, ctx: UserContext, id: string): Promise<UploadRow> {
  const row = await lockOwnUpload(db, ctx.userId, id);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** The media path of a stored key, as the catalogue holds it. */
const sitePath = (key: string | null) => (key ? `/media/${key}` : null);

/** The set a draft's tracklist is read for, from its row and (being edited) the details sent. */
function draftSet(row: UploadRow, details: Partial<PublishDetails> = {}): DraftSet {
  const art = row.art_sm && row.art_xl ? { sm: ref(row.art_sm), xl: ref(row.art_xl) } : undefined;
  return {
    ref: `upload:${row.id}`,
    name: details.set_name ?? row.set_name,
    djs: details.djs ?? row.djs,
    date: details.recorded_date ?? row.recorded_date,
    genre: details.genre !== undefined ? details.genre : row.genre,
    festival: details.festival !== undefined ? details.festival : row.festival,
    venue: details.venue !== undefined ? details.venue : row.venue,
    durationMs: row.duration_ms,
    audio: row.rendition_key ? ref(row.rendition_key) : null,
    ...(art ? { art } : {}),
    owned: {
      ownerId: row.owner_id,
      ...(row.state === 'published' && row.set_id ? { setId: row.set_id } : {}),
    },
  };
}

function ref(key: string) {
  return { kind: 'ref' as const, value: sitePath(key) as string };
}

/** 422 naming a tracklist's problems (all of them), in the error shape's body field `tracklist`. */
function refuseTracklist(problems: string[]): HttpError {
  return unprocessable({ tracklist: problems }, TRACKLIST_REFUSED);
}

/**
 * Reads and writes a published set's details and tracklist in place, through the import's writer:
 * new artists, labels, places and tracks created, its row, DJs and entries replaced, the counts,
 * relations and search documents brought up to date. Throws 422 on a bad tracklist (nothing written).
 */
async function rewritePublished(db: Db, row: UploadRow, details: PublishDetails): Promise<void> {
  checkDjs(details.djs);
  const { read, indexes } = await readOwnedTracklist(db, details.tracklist, draftSet(row, details));
  if (read.problems.length > 0) throw refuseTracklist(read.problems);
  await writeOwnedSet(db, read, indexes);
}

/** PUT …/details: a draft keeps them; a published set is changed at once, in one transaction. */
export async function saveDetails(ctx: UserContext, id: string, details: PublishDetails): Promise<MySet> {
  return await ctx.db.transaction(async (db) => {
    const row = await ownLocked(db, ctx, id);
    if (row.state === 'taken_down') throw new HttpError(409, TAKEN_DOWN);
    if (row.state === 'published' && row.set_id !== null) await rewritePublished(db, row, details);
    const saved = await setDetails(db, id, details);
    if (!saved) throw notFound(NOT_FOUND);
    return mySetOf(saved);
  });
}

/** 422 when a DJ's name cannot be filed as an artist (punctuation alone). */
function checkDjs(djs: string[]): void {
  const why = unfileable(djs);
  if (why) throw unprocessable({ djs: [why] }, why);
}

const PREVIEWS_LIMITED =
  'You have previewed many tracklists in a short time. Please try again in a few minutes.';

/**
 * POST …/tracklist-preview: what each line becomes; writes nothing. Each costs the catalogue lookups
 * of a pasted tracklist, so it is limited as those are, four times as generously: an owner previews
 * their own list again as they correct it.
 */
export async function preview(ctx: UserContext, id: string, text: string): Promise<DraftTracklistPreview> {
  const row = await ownUpload(ctx.db, ctx.userId, id);
  if (!row) throw notFound(NOT_FOUND);
  const { max, windowS } = ctx.config.auth.limits.tracklist;
  await limits.takeOne(
    ctx.db,
    [{ bucket: 'publish:tracklist', key: String(ctx.userId), limit: { max: max * 4, windowS } }],
    PREVIEWS_LIMITED,
  );
  const { read, indexes } = await readOwnedTracklist(ctx.db, text, draftSet(row));
  const plan = await planDraft(ctx.db, read, indexes);
  return previewOf(read, plan, problemsByLine(read.problems));
}

/**
 * POST …/publish: a ready draft with its details becomes a new catalogue set, written by the import's
 * writer in one transaction, owned by the uploader. `queued` is told once it is committed, to have the
 * set fingerprinted at once.
 */
export async function publish(ctx: UserContext, id: string, queued?: () => Promise<void>): Promise<MySet> {
  const published = await ctx.db.transaction(async (db) => {
    const row = await ownLocked(db, ctx, id);
    if (row.state === 'taken_down') throw new HttpError(409, TAKEN_DOWN);
    if (row.state !== 'ready' || !row.rendition_key || row.duration_ms === null)
      throw new HttpError(409, publishMessages.notReady);
    const missing = missingDetails(row);
    if (missing.length > 0)
      throw unprocessable(
        Object.fromEntries(
          missing.map((field) => [field, [`${fieldName[field] ?? field} is needed to publish.`]]),
        ),
        publishMessages.missing,
      );
    checkDjs(row.djs);
    const { read, indexes } = await readOwnedTracklist(db, row.tracklist, draftSet(row));
    if (read.problems.length > 0) throw refuseTracklist(read.problems);
    const created = await writeOwnedSet(db, read, indexes);
    const setId = created.sets[0];
    if (setId === undefined) throw new Error('publishing wrote no set');
    const updated = await updateUpload(db, id, { state: 'published', set_id: setId, reason: null });
    if (!updated) throw notFound(NOT_FOUND);
    return mySetOf(updated);
  });
  await queued?.();
  return published;
}

const fieldName: Record<string, string> = {
  set_name: 'The set name',
  djs: 'The DJ',
  recorded_date: 'The recorded date',
};

/** The tracklist of a published set as text, as the owner's draft keeps it when it leaves. */
async function currentTracklist(db: Db, setId: number): Promise<string> {
  return tracklistText(await findSetRows(db, setId));
}

/**
 * POST …/unpublish: the set leaves the catalogue as a deletion removes it (its media kept), and the
 * draft is ready again with the tracklist as the set last had it.
 */
export async function unpublish(ctx: UserContext, id: string): Promise<MySet> {
  return await ctx.db.transaction(async (db) => {
    const row = await ownLocked(db, ctx, id);
    if (row.state === 'taken_down') throw new HttpError(409, TAKEN_DOWN);
    if (row.state !== 'published' || row.set_id === null) throw new HttpError(409, NOT_PUBLISHED);
    const tracklist = await currentTracklist(db, row.set_id);
    await removeOwnedSet(db, row.set_id);
    const updated = await updateUpload(db, id, { state: 'ready', set_id: null, tracklist });
    if (!updated) throw notFound(NOT_FOUND);
    return mySetOf(updated);
  });
}

/**
 * Deletes a draft that is (or was) a set: the public set with everything about it, the draft, then
 * its media (rendition, original, artwork). The lead's `remove` call hands ready, published and
 * taken-down drafts here; `row` is the owner's draft as that call found it.
 */
export async function removeOwnSet(ctx: ServiceContext, media: MediaStore, row: UploadRow): Promise<void> {
  const found = await ctx.db.transaction(async (db) => {
    const locked = await lockOwnUpload(db, row.owner_id, row.id);
    if (!locked) return undefined;
    if (locked.set_id !== null) await removeOwnedSet(db, locked.set_id);
    await deleteUpload(db, locked.id);
    return locked;
  });
  if (!found) throw notFound(NOT_FOUND);
  // after the commit: a failed delete leaves an unused object, never a set without its audio
  for (const key of [found.rendition_key, found.original_key, found.art_sm, found.art_xl])
    if (key) await media.delete(key);
}

/** The owner's published set, or 409. */
function publishedSet(row: UploadRow): number {
  if (row.state === 'taken_down') throw new HttpError(409, TAKEN_DOWN);
  if (row.state !== 'published' || row.set_id === null) throw new HttpError(409, NOT_PUBLISHED);
  return row.set_id;
}

type Finder = (ctx: ServiceContext, setId: number) => Promise<SetSuggestionList>;

/** The ID entry a found track was heard in, if it was heard in one. */
function idEntryOf(found: SetSuggestion, rows: SetRow[]): SetRow | undefined {
  if (found.set_track_position === null) return undefined;
  const row = rows.find((r) => r.track_position === found.set_track_position);
  return row?.mix_type === 'ID' ? row : undefined;
}

/**
 * Which found track names each ID entry: of those heard in it, the one heard nearest its start (a
 * second track heard later in a long ID entry is the next record played, not its name).
 */
export function namersOf(found: SetSuggestion[], rows: SetRow[]): Map<SetSuggestion, SetRow> {
  const best = new Map<SetRow, SetSuggestion>();
  for (const f of found) {
    const row = idEntryOf(f, rows);
    if (!row) continue;
    const held = best.get(row);
    const gap = (s: SetSuggestion) => Math.abs(s.start_time - row.start_time);
    if (!held || gap(f) < gap(held)) best.set(row, f);
  }
  return new Map([...best].map(([row, f]) => [f, row]));
}

/**
 * Two stretches heard over mostly the same seconds (more than half the shorter one): two answers for
 * one record. Neighbours in a mix share only their crossfade.
 */
function sameStretch(a: SetSuggestion, b: SetSuggestion): boolean {
  const shared = Math.min(a.end_time, b.end_time) - Math.max(a.start_time, b.start_time);
  const shorter = Math.min(a.end_time - a.start_time, b.end_time - b.start_time);
  return shared > shorter / 2;
}

/** A found track heard in an ID entry over mostly the seconds of the track that names that entry. */
function shadowed(f: SetSuggestion, namers: Map<SetSuggestion, SetRow>, rows: SetRow[]): boolean {
  if (namers.has(f)) return false;
  const entry = idEntryOf(f, rows);
  if (!entry) return false;
  for (const [namer, row] of namers) if (row === entry && sameStretch(namer, f)) return true;
  return false;
}

/** The recognised tracks of an owner's published set: what the fingerprints found unnamed. */
async function recognisedOf(ctx: ServiceContext, setId: number, find: Finder) {
  const rows = await findSetRows(ctx.db, setId);
  const found = (await find(ctx, setId)).data;
  const names = new Map(
    (
      await trackNames(
        ctx.db,
        found.map((f) => f.track_meta.id),
      )
    ).map((t) => [t.id, t]),
  );
  return { rows, found, names };
}

/** GET …/recognised. */
export async function recognised(
  ctx: UserContext,
  id: string,
  find: Finder = setSuggestions,
): Promise<RecognisedTracks> {
  const row = await ownUpload(ctx.db, ctx.userId, id);
  if (!row) throw notFound(NOT_FOUND);
  const setId = publishedSet(row);
  if (!(await wasHeard(ctx.db, setId))) return { heard: false, items: [] };
  const { rows, found, names } = await recognisedOf(ctx, setId, find);
  const namers = namersOf(found, rows);
  // a track heard over the same seconds as the one naming its ID is not offered: it would not go in
  const offered = found.filter((f) => !shadowed(f, namers, rows));
  const items: RecognisedTrack[] = offered.map((f) => ({
    track_meta_id: f.track_meta.id,
    artist: f.track_meta.artist,
    title: f.track_meta.title,
    mix_name: names.get(f.track_meta.id)?.mix_name ?? null,
    start_time: f.start_time,
    end_time: f.end_time,
    similarity: f.similarity,
    replaces_position: namers.get(f)?.track_position ?? null,
  }));
  return { heard: true, items };
}

/**
 * POST …/recognised: the owner's word is enough (no proposal for the crowd): each recognised track
 * chosen (all, or those listed) takes the ID entry it was found in, or a new entry at its times; the
 * set's tracklist is written again with them, as an edit of its details is. Those left stay
 * suggestions for the crowd.
 */
export async function accept(
  ctx: UserContext,
  id: string,
  body: AcceptRecognisedBody,
  find: Finder = setSuggestions,
): Promise<{ accepted: number; set_id: number }> {
  const row0 = await ownUpload(ctx.db, ctx.userId, id);
  if (!row0) throw notFound(NOT_FOUND);
  const setId0 = publishedSet(row0);
  // What the fingerprints found is read before the transaction, as the crowd's "suggest these" does.
  const { rows: before, found, names } = await recognisedOf(ctx, setId0, find);
  const wanted = body.tracks;
  const chosen = wanted
    ? found.filter((f) =>
        wanted.some((w) => w.track_meta_id === f.track_meta.id && w.start_time === f.start_time),
      )
    : found;
  if (wanted && chosen.length < wanted.length)
    throw unprocessable(
      { tracks: ['Some of these tracks are not among those Cratedig recognised in this set.'] },
      'Nothing was accepted: choose among the recognised tracks.',
    );
  return await ctx.db.transaction(async (db) => {
    const row = await ownLocked(db, ctx, id);
    const setId = publishedSet(row);
    if (setId !== setId0) throw new HttpError(409, 'This set changed meanwhile: look at it again.');
    if (chosen.length === 0) return { accepted: 0, set_id: setId };
    const rows = await findSetRows(db, setId);
    // the places found name the entries as they were: the list must not have changed meanwhile
    if (shapeOf(rows) !== shapeOf(before))
      throw new HttpError(
        409,
        "The set's tracklist changed meanwhile: look at what Cratedig recognised again.",
      );
    const merged = mergeFound(rows, chosen, names, (row.duration_ms ?? 0) / 1000);
    const tracklist = merged.text;
    const details: PublishDetails = {
      set_name: row.set_name ?? '',
      djs: row.djs,
      recorded_date: row.recorded_date ?? '',
      genre: row.genre,
      festival: row.festival,
      venue: row.venue,
      tracklist,
    };
    await rewritePublished(db, row, details);
    await setDetails(db, id, details);
    return { accepted: merged.applied, set_id: setId };
  });
}

/** What a tracklist's rows are, for telling whether it changed while the audio was matched. */
const shapeOf = (rows: SetRow[]) =>
  rows.map((r) => `${r.track_position}:${r.track_id}:${r.start_time}:${r.end_time}:${r.untimed}`).join('|');

type Entry = Pick<
  SetRow,
  'artist' | 'title' | 'mix_type' | 'mix_name' | 'start_time' | 'end_time' | 'untimed'
> & {
  label_name?: string | null;
};

/**
 * The set's rows with the found tracks put in. An ID entry takes the names of the chosen track heard
 * nearest its start; another chosen track heard in that entry goes in as a new entry at its own time,
 * unless it was heard over mostly the same seconds (two answers for one record: the nearer one
 * stands); sharing a crossfade is not that.
 * Elsewhere a new entry starts at the found time (a list without times gets it at the end). Answers
 * the text and how many were put in.
 */
export function mergeFound(
  rows: SetRow[],
  chosen: SetSuggestion[],
  names: Map<
    number,
    { artist: string; title: string; mix_type: string; mix_name: string | null; label_name: string | null }
  >,
  durationS: number,
): { text: string; applied: number } {
  const entries: Entry[] = rows.map((r) => ({ ...r }));
  const untimed = rows.length > 0 && rows.every((r) => r.untimed);
  const added: Entry[] = [];
  const namers = namersOf(
    chosen.filter((f) => names.has(f.track_meta.id)),
    rows,
  );
  let named = 0;
  for (const f of chosen) {
    const track = names.get(f.track_meta.id);
    if (!track) continue;
    const given = {
      artist: track.artist,
      title: track.title,
      mix_type: track.mix_type,
      mix_name: track.mix_name,
      label_name: track.label_name,
    };
    const landing = namers.get(f);
    if (landing) {
      // entries still stand as the rows do: new ones go in after every ID is named
      const at = rows.indexOf(landing);
      entries[at] = { ...(entries[at] as Entry), ...given };
      named += 1;
      continue;
    }
    if (shadowed(f, namers, rows)) continue;
    const start = Math.max(0, Math.min(Math.floor(f.start_time), Math.floor(durationS) - 1));
    added.push({ ...given, start_time: start, end_time: f.end_time, untimed });
  }
  for (const entry of added) {
    if (untimed) {
      entries.push(entry);
      continue;
    }
    // a start another entry has moves on a second at a time: each entry starts after the one before
    while (entries.some((e) => e.start_time === entry.start_time)) entry.start_time += 1;
    const at = entries.findIndex((e) => e.start_time > entry.start_time);
    entries.splice(at === -1 ? entries.length : at, 0, entry);
  }
  return { text: tracklistText(entries), applied: named + added.length };
}
