// A listener's pasted tracklist for an existing set (docs/import.md, "Suggesting a tracklist from the
// browser"). The import module reads the paste and compares it with the set's list; each line that
// names one of the set's open IDs differently becomes a proposal through the identifications service,
// with its rules (duplicates, one open proposal per user and ID, the hourly limit). Nothing here edits
// the catalogue.
import type {
  TracklistPreview,
  TracklistProposed,
  TracklistSubmission,
} from '@cratedig/contract/contribute-api';
import { HttpError, notFound, unprocessable } from '../../lib/http-errors';
import type { UserContext } from '../../plugins/service-context';
import * as limits from '../accounts/rate-limit-service';
import * as identifications from '../identifications/service';
import { type PastedPreview, previewPastedTracklist } from '../import/contribute-service';

const LIMITED = 'You have sent many tracklists in a short time. Please try again in a few minutes.';

function takeTracklist(ctx: UserContext): Promise<void> {
  return limits.takeOne(
    ctx.db,
    [{ bucket: 'contribute:tracklist', key: String(ctx.userId), limit: ctx.config.auth.limits.tracklist }],
    LIMITED,
  );
}

async function read(ctx: UserContext, setId: number, text: string): Promise<PastedPreview> {
  const read = await previewPastedTracklist(ctx.db, setId, text);
  if (!read) throw notFound('Set');
  return read;
}

export async function preview(ctx: UserContext, setId: number, text: string): Promise<TracklistPreview> {
  await takeTracklist(ctx);
  return (await read(ctx, setId, text)).preview;
}

/** The proposal a refusal of `propose` names, when it is one a line counts as (409 with its id). */
function conflictOf(error: unknown): number | undefined {
  if (!(error instanceof HttpError) || error.statusCode !== 409) return undefined;
  const id = error.extra.identification_id;
  return typeof id === 'number' ? id : undefined;
}

/**
 * One transaction: a refused submission (unknown set, a problem line, nothing to suggest) writes
 * nothing and its rate-limit hit is rolled back with it. Each proposal runs in its own savepoint, so
 * one that counts as an existing proposal leaves the others standing.
 */
export async function submit(ctx: UserContext, setId: number, text: string): Promise<TracklistSubmission> {
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    await takeTracklist(tx);
    const { preview, suggestions } = await read(tx, setId, text);
    const problems = preview.lines.filter((l) => l.outcome === 'problem');
    if (problems.length > 0)
      throw unprocessable(
        { text: problems.map((l) => `Line ${l.line}: ${l.note}`) },
        'Some lines of this tracklist cannot be read: correct them and send it again.',
      );
    if (suggestions.length === 0)
      throw unprocessable(
        { text: ["No line names one of the set's IDs differently: there is nothing to suggest."] },
        'This tracklist suggests nothing new for the set.',
      );
    const proposed: TracklistProposed[] = [];
    let limited: HttpError | undefined;
    for (const s of suggestions) {
      const base = { line: s.line, id_track_id: s.idTrackId };
      if (limited) {
        proposed.push({ ...base, identification_id: null, status: 'limited' });
        continue;
      }
      try {
        const created = await identifications.propose(tx, s.idTrackId, s.proposal);
        proposed.push({ ...base, identification_id: created.id, status: 'created' });
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 429) {
          limited = error;
          proposed.push({ ...base, identification_id: null, status: 'limited' });
          continue;
        }
        const existing = conflictOf(error);
        if (existing === undefined) throw error;
        const own = await isOwn(tx, s.idTrackId, existing);
        proposed.push({ ...base, identification_id: existing, status: own ? 'own_open' : 'existing' });
      }
    }
    // Nothing could be sent at all: the caller is at the suggestion limit, and is told so.
    if (limited && proposed.every((p) => p.status === 'limited')) throw limited;
    return { set_id: setId, proposed };
  });
}

async function isOwn(ctx: UserContext, idTrackId: number, identificationId: number): Promise<boolean> {
  const page = await identifications.listForTrack(ctx, idTrackId, { limit: 100, offset: 0 });
  return page.data.some((item) => item.id === identificationId && item.is_own);
}
