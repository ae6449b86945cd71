// Share pages (docs/catalogue.md Sharing): the page a shared /public/preview/{kind}/{id} link shows, readable
// without an account, with 'Sign in to listen' leading to the app route. A visitor who follows it is
// asked to sign in by the app, which remembers the route and returns to it afterwards.
import type { PreviewKind } from '@cratedig/contract/catalogue-api';
import { SITE_NAME } from '@cratedig/contract/constants';
import { displayDate } from '@cratedig/contract/display-date';
import { findPreview, type PreviewLine, type PreviewRow } from '../../db/read-models/catalogue-previews';
import type { ServiceContext } from '../../plugins/service-context';
import { type PageLine, type PreviewPage, renderNotFound, renderPreview } from './html';

/** The seed's fallback artwork (db/seed/media/artwork.ts), used when an item has none. */
const DEFAULT_IMAGE = '/media/art/default-xl.jpg';
export const STYLESHEET_PATH = '/public/preview.css';

const OG_TYPES: Record<PreviewKind, PreviewPage['type']> = {
  sets: 'music.playlist',
  tracks: 'music.song',
  artists: 'profile',
  labels: 'profile',
};
const KIND_LABELS: Record<PreviewKind, string> = {
  sets: 'Set',
  tracks: 'Track',
  artists: 'Artist',
  labels: 'Label',
};

/** Images are site-relative or absolute (docs/api-conventions.md); unfurlers need absolute ones. */
function absolute(publicUrl: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** Seconds as the player shows them: m:ss, or h:mm:ss from an hour on. */
export function clock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
}

/**
 * Where a line's track plays: its time, or for an entry of a list without times its place in the
 * list ('4.' in a set's list, 'track 4' among a track's sets), never a time it does not have.
 */
function whereItPlays(kind: 'sets' | 'tracks', entry: PreviewLine): string {
  if (entry.start !== undefined && entry.start !== null)
    return kind === 'sets' ? clock(entry.start) : `at ${clock(entry.start)}`;
  if (entry.position === undefined) return '';
  return kind === 'sets' ? `${entry.position}.` : `track ${entry.position}`;
}

type Fact = { label: string; value: string };
const fact = (label: string, value: string | number | null | undefined): Fact[] =>
  value === null || value === undefined || value === '' ? [] : [{ label, value: String(value) }];
const plural = (n: number | undefined, one: string) =>
  n === undefined ? null : `${n} ${one}${n === 1 ? '' : 's'}`;

function factsOf(kind: PreviewKind, row: PreviewRow): Fact[] {
  switch (kind) {
    case 'sets':
      return [
        ...fact('Recorded', displayDate(row.date)),
        ...fact('Where', [row.festival ?? row.venue, row.place].filter(Boolean).join(' · ')),
        ...fact('Length', row.duration_ms ? clock(row.duration_ms / 1000) : null),
        ...fact('Genre', row.genre),
        ...fact('Identified tracks', `${row.track_confirmed_count ?? 0}/${row.track_count ?? 0}`),
        ...fact('Curator', row.curator),
      ];
    case 'tracks':
      if (row.mix_type === 'ID') {
        return [
          ...fact('Found in', row.found_in),
          ...fact('First heard', displayDate(row.first_heard)),
          ...fact('Status', 'Unreleased ID'),
        ];
      }
      return [
        ...fact('Label', row.label),
        ...fact('Released', displayDate(row.date)),
        ...fact('Genre', row.genre),
        ...fact('BPM', row.bpm),
        ...fact('Key', row.key),
        ...fact('Played in', plural(row.set_count, 'set')),
      ];
    case 'artists':
      return [...fact('Sets', row.set_count), ...fact('Tracks', row.track_count)];
    case 'labels':
      return [
        ...fact('Tracks', row.track_count),
        ...fact('Artists', row.artist_count),
        ...fact('Sets', row.set_count),
      ];
  }
}

const LIST_HEADINGS: Record<PreviewKind, string> = {
  sets: 'Track list',
  tracks: 'Played in',
  artists: 'Latest sets',
  labels: 'Latest tracks',
};

export type PreviewResult = { status: 200 | 404; html: string };

export async function previewPage(
  ctx: ServiceContext,
  kind: PreviewKind,
  id: number,
): Promise<PreviewResult> {
  const publicUrl = ctx.config.publicUrl;
  // site-relative: the stylesheet comes from wherever the page came from
  const stylesheetUrl = STYLESHEET_PATH;
  const homeUrl = `${publicUrl}/home`;
  const row = await findPreview(ctx.db, kind, id);
  if (!row) return { status: 404, html: renderNotFound(homeUrl, SITE_NAME, stylesheetUrl) };
  const title =
    kind === 'sets' || kind === 'tracks'
      ? `${row.byline ? `${row.byline} - ` : ''}${row.name} on ${SITE_NAME}`
      : `${row.name} on ${SITE_NAME}`;
  const facts = factsOf(kind, row);
  const description =
    kind === 'artists' || kind === 'labels'
      ? (row.bio?.slice(0, 200) ?? facts.map((f) => `${f.value} ${f.label.toLowerCase()}`).join(' · '))
      : facts.map((f) => f.value).join(' · ');
  const lines: PageLine[] = row.lines.map((entry) => ({
    ...(kind === 'sets' || kind === 'tracks' ? { time: whereItPlays(kind, entry) } : {}),
    primary: entry.primary,
    secondary: entry.secondary,
    isId: entry.is_id === true,
    ...(entry.href_kind && entry.href_id
      ? { href: `${publicUrl}/public/preview/${entry.href_kind}/${entry.href_id}` }
      : {}),
  }));
  return {
    status: 200,
    html: renderPreview({
      title,
      description: description || `Discover ${row.name} on ${SITE_NAME}.`,
      image: absolute(publicUrl, row.image ?? DEFAULT_IMAGE),
      url: `${publicUrl}/public/preview/${kind}/${id}`,
      appUrl: `${publicUrl}/${kind}/${id}`,
      homeUrl,
      stylesheetUrl,
      type: OG_TYPES[kind],
      siteName: SITE_NAME,
      kindLabel: KIND_LABELS[kind],
      heading: row.name,
      byline: row.byline,
      facts,
      bio: row.bio ?? null,
      list: lines.length > 0 ? { heading: LIST_HEADINGS[kind], numbered: kind === 'sets', lines } : null,
    }),
  };
}
