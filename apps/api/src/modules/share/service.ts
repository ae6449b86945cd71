// Share previews (spec §7 Sharing): the page a shared /public/preview/{kind}/{id} link shows.
import type { PreviewKind } from '@cratedig/contract/catalogue-api';
import { SITE_NAME } from '@cratedig/contract/constants';
import type { ServiceContext } from '../../lib/service-context';
import { type PreviewPage, renderNotFound, renderPreview } from './html';
import { findPreview } from './queries';

/** The seed's fallback artwork (db/seed/media/artwork.ts), used when an item has none. */
const DEFAULT_IMAGE = '/media/art/default-xl.jpg';

const OG_TYPES: Record<PreviewKind, PreviewPage['type']> = {
  sets: 'music.playlist',
  tracks: 'music.song',
  artists: 'profile',
  labels: 'profile',
};

/** Images are site-relative or absolute (domain.md); unfurlers need absolute ones. */
function absolute(publicUrl: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}

export type PreviewResult = { status: 200 | 404; html: string };

export async function previewPage(
  ctx: ServiceContext,
  kind: PreviewKind,
  id: number,
): Promise<PreviewResult> {
  const { publicUrl } = ctx.config;
  const row = await findPreview(ctx.db, kind, id);
  if (!row) return { status: 404, html: renderNotFound(`${publicUrl}/home`, SITE_NAME) };
  const title =
    kind === 'sets' || kind === 'tracks'
      ? `${row.byline ? `${row.byline} - ` : ''}${row.name} on ${SITE_NAME}`
      : `${row.name} on ${SITE_NAME}`;
  return {
    status: 200,
    html: renderPreview({
      title,
      description: row.details ?? `Discover ${row.name} on ${SITE_NAME}.`,
      image: absolute(publicUrl, row.image ?? DEFAULT_IMAGE),
      url: `${publicUrl}/public/preview/${kind}/${id}`,
      appUrl: `${publicUrl}/${kind}/${id}`,
      type: OG_TYPES[kind],
      siteName: SITE_NAME,
    }),
  };
}
