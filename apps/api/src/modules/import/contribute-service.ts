// A listener's pasted tracklist compared with an existing set's list (docs/import.md, "Suggesting a
// tracklist from the browser"). Each line is read as the import reads it (contribute-lines.ts, the
// credits parser), looked up in the set's list and then the catalogue as the import looks tracks up
// (same artists, title and mix; a line naming no mix may name the set's one version of that title),
// and placed on the set's row it lands on (contribute-places.ts): by time when the paste has times,
// else by order.
// Reads only: the identifications module turns the suggestions into proposals.

import { IDENTIFICATION_LIMITS } from '@cratedig/contract/constants';
import type { TracklistLine, TracklistPreview } from '@cratedig/contract/contribute-api';
import { LINE_OUTCOMES, type LineOutcome } from '@cratedig/contract/contribute-limits';
import type { Db } from '../../db/client';
import { findSetRows, type SetRow, setExists } from '../../db/read-models/catalogue-set-rows';
import { readPastedLines } from './contribute-lines';
import { placeEntries } from './contribute-places';
import { type ParsedTrack, parseTrackText, splitArtists } from './credits';
import { normaliseName } from './normalise';
import { findByNames, findTrackCandidates, trackKey } from './queries';

/** What a suggestion line proposes for the ID it lands on. */
export interface PastedSuggestion {
  line: number;
  idTrackId: number;
  proposal:
    | { track_meta_id: number }
    | { artist: string; title: string; mix_name: string | null; label_name: string | null };
}

export interface PastedPreview {
  preview: TracklistPreview;
  suggestions: PastedSuggestion[];
}

const IS_ID = /^id$/i;

/** The bracket a remixer was read from, as written: '(Yotto Extended Remix)' → 'Yotto Extended Remix'. */
function mixNameOf(body: string, parsed: ParsedTrack): string | null {
  if (!parsed.mixName) return null;
  for (const m of body.matchAll(/[([]([^)\]]*)[)\]]/g))
    if (m[1]?.includes(parsed.mixName)) return m[1].trim().slice(0, IDENTIFICATION_LIMITS.mixNameMax);
  return parsed.mixName;
}

export async function previewPastedTracklist(
  db: Db,
  setId: number,
  text: string,
): Promise<PastedPreview | undefined> {
  if (!(await setExists(db, setId))) return undefined;
  const rows = await findSetRows(db, setId);
  const read = readPastedLines(text);

  // Names first, so known names with joins in them ('Above & Beyond') stay whole when parsed.
  const rough = read.entries.map((e) => parseTrackText(e.body));
  const names = rough.flatMap((p) =>
    p ? [p.artistLine, ...splitArtists(p.artistLine), ...p.credits.map((c) => c.name), p.mixName ?? ''] : [],
  );
  const knownArtists = await findByNames(db, 'artists', names);
  const isKnown = (name: string) => knownArtists.has(normaliseName(name));
  const parsed = read.entries.map((e) => parseTrackText(e.body, isKnown));
  const knownLabels = await findByNames(
    db,
    'labels',
    parsed.flatMap((p) => (p?.labelName ? [p.labelName] : [])),
  );
  const released = parsed.filter((p): p is ParsedTrack => !!p && p.mixType !== 'ID');
  const artistIds = [
    ...new Set(
      released.flatMap((p) => p.credits.flatMap((c) => knownArtists.get(normaliseName(c.name)) ?? [])),
    ),
  ];
  const titles = [...new Set(released.filter((p) => p.credits.length === 0).map((p) => p.title))];
  const knownTracks = new Map<string, number>();
  for (const row of await findTrackCandidates(db, artistIds, titles)) {
    const key = trackKey({
      title: row.title,
      artistLine: row.artist,
      mixType: row.mix_type,
      mixName: row.mix_name,
      credits: row.credits ?? [],
    });
    if (!knownTracks.has(key)) knownTracks.set(key, row.id);
  }

  const lines: TracklistLine[] = read.problems.map((p) => ({
    line: p.line,
    text: p.text,
    outcome: 'problem',
    start_time: null,
    track: null,
    set_row: null,
    new_artists: [],
    new_labels: [],
    note: p.reason,
  }));
  for (const s of read.skipped)
    lines.push({
      line: s.line,
      text: s.text,
      outcome: 'skipped',
      start_time: null,
      track: null,
      set_row: null,
      new_artists: [],
      new_labels: [],
      note: s.reason,
    });
  const placed = placeEntries(rows, read.entries, read.timed);
  const landings = placed.landings;
  const sameTrack = setTrackNamed(rows);
  const suggestions: PastedSuggestion[] = [];
  const claimedBy = new Map<number, number>();
  for (const [nth, entry] of read.entries.entries()) {
    const p = parsed[nth];
    const base = { line: entry.line, text: entry.text, start_time: entry.start ?? null };
    const problem = (note: string) =>
      lines.push({
        ...base,
        outcome: 'problem',
        track: null,
        set_row: null,
        new_artists: [],
        new_labels: [],
        note,
      });
    if (!p) {
      problem(`'${entry.body}' is not 'Artist - Title'`);
      continue;
    }
    if (
      p.artistLine.length > IDENTIFICATION_LIMITS.artistMax ||
      p.title.length > IDENTIFICATION_LIMITS.titleMax
    ) {
      problem(`the artist or the title is longer than ${IDENTIFICATION_LIMITS.titleMax} characters`);
      continue;
    }
    const landed = landings[nth];
    const rowsHere = landed?.rows ?? 'it lands on no row';
    if (typeof rowsHere === 'string') {
      problem(rowsHere);
      continue;
    }

    const key = trackKey(p);
    // A line naming no mix is the set's one version of that title only where it lands on it.
    const named = p.mixType === 'ID' ? undefined : sameTrack(p);
    const trackId =
      p.mixType === 'ID'
        ? undefined
        : named && (!named.byName || rowsHere.some((r) => r.track_id === named.id))
          ? named.id
          : knownTracks.get(key);
    const track = {
      track_meta_id: trackId ?? null,
      artist: p.artistLine,
      title: p.title,
      mix_name: mixNameOf(entry.body, p),
      label_name: p.labelName,
    };
    // An 'ID' line names no track, so it is never the same as a row nor a suggestion.
    const isIdLine = p.mixType === 'ID';
    const same = isIdLine
      ? undefined
      : rowsHere.find(
          (r) =>
            (trackId !== undefined && (r.track_id === trackId || r.released_as === trackId)) ||
            rowKey(r) === key,
        );
    // A 'w/' line the set has no row of its own for names the track played along with the row's: it
    // is never that row's ID.
    const target =
      same || isIdLine || landed?.sharesRow
        ? undefined
        : rowsHere.find((r) => r.open_id && !claimedBy.has(r.track_id));
    const shown = same ?? target ?? rowsHere[0];
    const setRow = shown
      ? {
          track_position: shown.track_position,
          start_time: shown.start_time,
          track_meta_id: shown.track_id,
          artist: shown.artist,
          title: shown.title,
          is_id: shown.mix_type === 'ID',
          ...(shown.untimed ? { untimed: true as const } : {}),
        }
      : null;
    const fresh =
      same || isIdLine
        ? { new_artists: [], new_labels: [] }
        : {
            new_artists: unique(p.credits.map((c) => c.name).filter((n) => !IS_ID.test(n) && !isKnown(n))),
            new_labels: p.labelName && !knownLabels.has(normaliseName(p.labelName)) ? [p.labelName] : [],
          };
    let outcome: LineOutcome;
    let note: string | null = null;
    if (same) outcome = 'same';
    else if (isIdLine) {
      outcome = 'id';
      note = 'An ID line names no track: nothing to suggest.';
    } else if (target) {
      outcome = 'suggestion';
      claimedBy.set(target.track_id, entry.line);
      suggestions.push({
        line: entry.line,
        idTrackId: target.track_id,
        proposal:
          trackId !== undefined
            ? { track_meta_id: trackId }
            : {
                artist: track.artist,
                title: track.title,
                mix_name: track.mix_name,
                label_name: track.label_name,
              },
      });
    } else {
      outcome = trackId !== undefined ? 'known' : 'new';
      const claimed = rowsHere.map((r) => claimedBy.get(r.track_id)).find((l) => l !== undefined);
      note = landed?.sharesRow
        ? "Played with the track before, and the set's list has no row of its own for it: nothing is suggested."
        : claimed !== undefined
          ? `Line ${claimed} already names the ID here: nothing more is suggested.`
          : rowsHere.some((r) => r.mix_type === 'ID')
            ? 'The ID here is already named: nothing is suggested.'
            : "The set's list has another track here, not an ID: nothing is suggested.";
    }
    lines.push({ ...base, outcome, track, set_row: setRow, ...fresh, note });
  }
  lines.sort((a, b) => a.line - b.line);
  const counts = Object.fromEntries(
    LINE_OUTCOMES.map((o) => [o, lines.filter((l) => l.outcome === o).length]),
  );
  return {
    preview: { set_id: setId, timed: placed.byTime, lines, counts: counts as TracklistPreview['counts'] },
    suggestions,
  };
}

const rowKey = (r: SetRow) =>
  trackKey({
    title: r.title,
    artistLine: r.artist,
    mixType: r.mix_type,
    mixName: r.mix_name,
    credits: r.credits ?? [],
  });

/** The artists and title of a track, its mix aside. */
const nameKey = (key: string) => key.split('|').slice(0, 2).join('|');

/**
 * The set's own track a pasted line names, when it names one: the row whose artists, title and mix
 * it writes; or, for a line naming no mix ('Artist - Title', as lists often leave the remix out), the
 * one track of the set's list with those artists and title ('Artist - Title (X Remix)'). A line
 * naming a different mix, or whose name fits two of the set's versions, is not matched here.
 */
function setTrackNamed(rows: SetRow[]): (p: ParsedTrack) => { id: number; byName: boolean } | undefined {
  const exact = new Map<string, number>();
  const byName = new Map<string, Set<number>>();
  for (const row of rows) {
    if (row.mix_type === 'ID') continue;
    const key = rowKey(row);
    if (!exact.has(key)) exact.set(key, row.track_id);
    const versions = byName.get(nameKey(key)) ?? new Set<number>();
    versions.add(row.track_id);
    byName.set(nameKey(key), versions);
  }
  return (p) => {
    const key = trackKey(p);
    const found = exact.get(key);
    if (found !== undefined) return { id: found, byName: false };
    if (p.mixType !== 'original_mix' || p.mixName || p.version) return undefined;
    const [only, ...others] = byName.get(nameKey(key)) ?? [];
    return only !== undefined && others.length === 0 ? { id: only, byName: true } : undefined;
  };
}

function unique(names: string[]): string[] {
  const seen = new Map<string, string>();
  for (const name of names) if (!seen.has(normaliseName(name))) seen.set(normaliseName(name), name);
  return [...seen.values()];
}
