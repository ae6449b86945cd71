// "Suggest these as the tracklist" (docs/fingerprints.md, "Calls"): every track the fingerprints
// found in a set, sent as the caller's suggestions for the set's IDs through the identifications
// service, with its rules (duplicates, one open suggestion per user and ID, the hourly limit, the
// watchers told). Where the tracklist names nothing, an "ID" entry is added at the found times and the
// track suggested for it: nothing is named without the crowd's votes.
import type { SetSuggestion, SetSuggestionList } from '@cratedig/contract/fingerprints-api';
import type { FoundProposals, FoundSkipped } from '@cratedig/contract/found-proposals-api';
import { findSetRows, type SetRow } from '../../db/read-models/catalogue-set-rows';
import { HttpError, notFound, unprocessable } from '../../lib/http-errors';
import type { ServiceContext, UserContext } from '../../plugins/service-context';
import * as limits from '../accounts/rate-limit-service';
import * as identifications from '../identifications/service';
import { addIdEntry, type LockedSet, lockSetList, refreshIdEntries } from '../import/id-entry-service';
import { setSuggestions } from './service';

const LIMITED = 'You have sent many tracklists in a short time. Please try again in a few minutes.';

/** What a tracklist's rows are, for telling whether it changed while the audio was matched. */
const shapeOf = (rows: SetRow[]) =>
  rows.map((r) => `${r.track_position}:${r.track_id}:${r.start_time}:${r.end_time}:${r.untimed}`).join('|');

/** Where a found track goes: an existing entry of the list, or a new ID entry over [start, end). */
type Target = { kind: 'entry'; row: SetRow } | { kind: 'new'; start: number; end: number };

/**
 * The stretch a new entry takes: the found times, less what timed entries before and after it
 * already cover, within the recording.
 */
function newSpan(found: SetSuggestion, rows: SetRow[], durationS: number) {
  const mid = (found.start_time + found.end_time) / 2;
  let start = Math.max(0, found.start_time);
  let end = Math.min(Math.floor(durationS), found.end_time);
  for (const r of rows) {
    if (r.untimed) continue;
    if (r.end_time <= mid) start = Math.max(start, r.end_time);
    else if (r.start_time >= mid) end = Math.min(end, r.start_time);
  }
  return end > start ? { start, end } : { start: found.start_time, end: found.end_time };
}

function targetOf(found: SetSuggestion, rows: SetRow[], durationS: number): Target | undefined {
  // Until every answer carries it, a missing position reads as "the tracklist names nothing there".
  const position = found.set_track_position ?? null;
  if (position !== null) {
    const row = rows.find((r) => r.track_position === position);
    return row ? { kind: 'entry', row } : undefined;
  }
  const mid = (found.start_time + found.end_time) / 2;
  const covering = rows.find((r) => !r.untimed && r.start_time <= mid && mid < r.end_time);
  if (covering) return { kind: 'entry', row: covering };
  return { kind: 'new', ...newSpan(found, rows, durationS) };
}

/** The open proposal a 409 of `propose` names, and whether it is the caller's own. */
async function conflictOf(ctx: UserContext, idTrackId: number, error: HttpError) {
  const id = error.extra.identification_id;
  if (typeof id !== 'number') return undefined;
  const page = await identifications.listForTrack(ctx, idTrackId, { limit: 100, offset: 0 });
  return { id, own: page.data.some((item) => item.id === id && item.is_own) };
}

type Outcome =
  | { sent: true; idTrackId: number; identificationId: number; added: boolean }
  | {
      sent: false;
      idTrackId: number | null;
      identificationId: number | null;
      reason: FoundSkipped['reason'];
    };

/** One found track in its own savepoint: a refused suggestion takes its new entry back with it. */
async function sendOne(tx: UserContext, set: LockedSet, target: Target, trackId: number): Promise<Outcome> {
  try {
    return await tx.db.transaction(async (db) => {
      const sp = { ...tx, db };
      const added = target.kind === 'new' ? await addIdEntry(db, set, target.start, target.end) : undefined;
      const idTrackId = added?.idTrackId ?? (target.kind === 'entry' ? target.row.track_id : 0);
      const created = await identifications.propose(sp, idTrackId, { track_meta_id: trackId });
      return { sent: true, idTrackId, identificationId: created.id, added: added !== undefined };
    });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.statusCode === 429) throw error;
    const kept = target.kind === 'entry' ? target.row.track_id : null;
    if (error.statusCode === 409 && kept !== null) {
      const other = await conflictOf(tx, kept, error);
      if (other)
        return {
          sent: false,
          idTrackId: kept,
          identificationId: other.id,
          reason: other.own ? 'own_open' : 'suggested',
        };
    }
    // identified or released meanwhile, or an entry that is no ID
    if ([404, 409, 422].includes(error.statusCode))
      return { sent: false, idTrackId: kept, identificationId: null, reason: 'named' };
    throw error;
  }
}

/**
 * One transaction: the tracklist limit's hit, the new entries and the suggestions commit together,
 * and a refusal (nothing could be sent at all) writes nothing. The matching runs before it, on the
 * list as it was; the list is read again under the set's lock and must not have changed meanwhile.
 * `find` is what the fingerprints found (GET /sets/{id}/heard-tracks); tests give their own.
 */
export async function proposeFound(
  ctx: UserContext,
  setId: number,
  find: (ctx: ServiceContext, setId: number) => Promise<SetSuggestionList> = setSuggestions,
): Promise<FoundProposals> {
  const before = await findSetRows(ctx.db, setId);
  const found = (await find(ctx, setId)).data;
  if (found.length === 0)
    throw unprocessable(
      { set: ['Cratedig found no track in this set that its tracklist leaves unnamed.'] },
      'Cratedig found nothing to suggest in this set.',
    );
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    await limits.takeOne(
      db,
      [{ bucket: 'contribute:tracklist', key: String(ctx.userId), limit: ctx.config.auth.limits.tracklist }],
      LIMITED,
    );
    const locked = await lockSetList(db, setId);
    if (!locked) throw notFound('Set');
    if (shapeOf(locked.rows) !== shapeOf(before))
      throw new HttpError(
        409,
        "The set's tracklist changed meanwhile: look at what Cratedig found and send it again.",
      );
    const sent: { found: SetSuggestion; out: Extract<Outcome, { sent: true }> }[] = [];
    // each with the entry it met (its track and start), to tell its place once new entries moved it
    const skipped: (FoundSkipped & { entry?: SetRow })[] = [];
    let limited: HttpError | undefined;
    for (const item of found) {
      const base = {
        track_meta_id: item.track_meta.id,
        start_time: item.start_time,
        end_time: item.end_time,
      };
      const target = targetOf(item, locked.rows, locked.set.duration_s);
      const entry = target?.kind === 'entry' ? target.row : undefined;
      // an entry naming a track is no ID to open: only its place is told
      const where = {
        id_track_id: entry?.mix_type === 'ID' ? entry.track_id : null,
        set_track_position: entry?.track_position ?? null,
      };
      if (!target || (entry && entry.mix_type !== 'ID')) {
        skipped.push({ ...base, ...where, entry, identification_id: null, reason: 'named' });
        continue;
      }
      if (limited) {
        skipped.push({ ...base, ...where, entry, identification_id: null, reason: 'limited' });
        continue;
      }
      try {
        const out = await sendOne(tx, locked.set, target, item.track_meta.id);
        if (out.sent) sent.push({ found: item, out });
        else
          skipped.push({
            ...base,
            ...where,
            entry,
            identification_id: out.identificationId,
            reason: out.reason,
          });
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode !== 429) throw error;
        limited = error;
        skipped.push({ ...base, ...where, entry, identification_id: null, reason: 'limited' });
      }
    }
    // Nothing could be sent at all because of the hourly limit: the caller is told so (429).
    if (limited && sent.length === 0 && skipped.every((s) => s.reason === 'limited')) throw limited;
    const added = sent.filter((s) => s.out.added).map((s) => s.out.idTrackId);
    if (added.length > 0) await refreshIdEntries(db, setId, added);
    // new entries moved the later ones: each suggestion's entry is named by its place now
    const after = await findSetRows(db, setId);
    const placeOf = (trackId: number, start?: number) =>
      after.find((r) => r.track_id === trackId && (start === undefined || r.start_time === start))
        ?.track_position ?? null;
    return {
      set_id: setId,
      proposed: sent.map(({ found: item, out }) => ({
        track_meta_id: item.track_meta.id,
        start_time: item.start_time,
        end_time: item.end_time,
        id_track_id: out.idTrackId,
        set_track_position: placeOf(out.idTrackId) ?? 1,
        new_entry: out.added,
        identification_id: out.identificationId,
      })),
      skipped: skipped.map(({ entry, ...s }) => ({
        ...s,
        set_track_position: entry ? placeOf(entry.track_id, entry.start_time) : null,
      })),
    };
  });
}
