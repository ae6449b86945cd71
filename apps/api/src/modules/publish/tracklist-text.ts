// A published set's tracklist written back as text (docs/publishing.md): what an unpublished draft
// keeps, and what an owner's accepted recognitions are merged into. One line per entry, as the
// pasted-list reader (modules/import/contribute-lines.ts) reads it back into the same tracks:
// '[h:mm:ss] Artist - Title (Mix) [Label]', a track played with the one before as 'w/ …', an ID as
// 'Artist - ID' ('ID - ID' when no one is known), and no times for a list that had none.
import type { SetRow } from '../../db/read-models/catalogue-set-rows';

/** h:mm:ss of whole seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${mm}:${ss}`;
}

/** The bracket a track's mix is written in, as the credits parser reads it back. */
function mixOf(row: Pick<SetRow, 'mix_type' | 'mix_name'>): string {
  const name = row.mix_name?.trim();
  if (!name || row.mix_type === 'ID') return '';
  const says = (word: string) => new RegExp(`\\b${word}$`, 'i').test(name);
  if (row.mix_type === 'remix' && !says('remix|refix|flip|rerub')) return ` (${name} Remix)`;
  if (row.mix_type === 'edit' && !says('edit')) return ` (${name} Edit)`;
  return ` (${name})`;
}

/** One entry's 'Artist - Title (Mix) [Label]'. */
export function trackText(
  row: Pick<SetRow, 'artist' | 'title' | 'mix_type' | 'mix_name'> & { label_name?: string | null },
): string {
  if (row.mix_type === 'ID') return `${row.artist.trim() || 'ID'} - ID`;
  const label = row.label_name?.trim() ? ` [${row.label_name.trim()}]` : '';
  return `${row.artist} - ${row.title}${mixOf(row)}${label}`;
}

/** The text of a set's rows, in their order. */
export function tracklistText(
  rows: (Pick<
    SetRow,
    'artist' | 'title' | 'mix_type' | 'mix_name' | 'start_time' | 'end_time' | 'untimed'
  > & {
    label_name?: string | null;
  })[],
): string {
  const untimed = rows.length > 0 && rows.every((r) => r.untimed);
  return rows
    .map((row, i) => {
      const before = rows[i - 1];
      // a track sharing the times of the one before was played together with it
      if (!untimed && before && before.start_time === row.start_time && before.end_time === row.end_time)
        return `w/ ${trackText(row)}`;
      return untimed ? trackText(row) : `[${clock(row.start_time)}] ${trackText(row)}`;
    })
    .join('\n');
}
