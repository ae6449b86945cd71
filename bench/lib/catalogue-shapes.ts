// The endpoint shapes the catalogue benchmark measures, each with its URL and the
// statement the API runs for it, so the bench can time the same SQL directly through the driver.
//
// Sampling (to keep a run under ~15 min): every sort field of every list in both directions on the
// first page and at offset 1000, unfiltered; then, for each list, every sort again under one genre
// filter (a different genre per sort, rotating through the 20) and under the followed filter, at both
// offsets; every favs/followed variant; every detail endpoint and tab; every featured list.
import { GENRES, SORTS } from '@cratedig/contract/constants';
import { type SQL, sql } from 'drizzle-orm';
import type { ItemKind } from '../../apps/api/src/modules/catalogue/list-spec';
import {
  featuredStatement,
  itemStatement,
  type ListParams,
  listStatement,
  scopes,
  setDetailStatement,
} from '../../apps/api/src/modules/catalogue/queries';

export interface Shape {
  name: string;
  url: string;
  /** The SQL statements the API runs for it. */
  statements: SQL[];
  /** For list shapes: the parameters of its statement (the bench checks the total against a count). */
  listParams?: ListParams;
}

export interface BenchIds {
  userId: number;
  artistId: number;
  labelId: number;
  trackId: number;
  idTrackId: number;
  setId: number;
}

const LISTS = [
  { path: 'sets', kind: 'sets', sorts: SORTS.sets, favs: 'sets/favs' },
  { path: 'tracks', kind: 'tracks', sorts: SORTS.tracks, favs: 'tracks/favs' },
  { path: 'artists', kind: 'artists', sorts: SORTS.artists, favs: 'artists/followed' },
  { path: 'labels', kind: 'labels', sorts: SORTS.labels, favs: 'labels/followed' },
] as const;

function listShape(
  path: string,
  kind: ItemKind,
  userId: number,
  p: Omit<ListParams, 'kind' | 'userId' | 'limit'> & { limit?: number },
  extraStatements: SQL[] = [],
): Shape {
  const query = new URLSearchParams({ order_by: p.orderBy, order_direction: p.direction });
  if (p.offset) query.set('offset', String(p.offset));
  if (p.genre) query.set('genre', p.genre);
  if (p.followed && !path.includes('/')) query.set('followed_filter', 'true');
  const label = [
    `GET /${path}`,
    p.orderBy.split('.')[1],
    p.direction,
    p.genre ? `genre=${p.genre.split(' ')[0]}` : '',
    p.followed && !path.includes('/') ? 'followed' : '',
    `@${p.offset}`,
  ]
    .filter(Boolean)
    .join(' ');
  return {
    name: label,
    url: `/api/${path}?${query}`,
    statements: [...extraStatements, listStatement({ kind, userId, limit: 20, ...p })],
    listParams: { kind, userId, limit: 20, ...p },
  };
}

export function catalogueShapes(ids: BenchIds): Shape[] {
  const shapes: Shape[] = [];
  const { userId } = ids;
  let genreIndex = 0;
  for (const list of LISTS) {
    const sorts = Object.values(list.sorts) as string[];
    for (const orderBy of sorts) {
      for (const offset of [0, 1000]) {
        for (const direction of ['asc', 'desc'] as const) {
          shapes.push(listShape(list.path, list.kind, userId, { orderBy, direction, offset }));
        }
        const genre = GENRES[genreIndex % GENRES.length];
        const direction = offset === 0 ? 'desc' : 'asc';
        shapes.push(listShape(list.path, list.kind, userId, { orderBy, direction, offset, genre }));
        shapes.push(listShape(list.path, list.kind, userId, { orderBy, direction, offset, followed: true }));
      }
      genreIndex += 1;
    }
    // the favs/followed path, default sort
    const first = sorts[0] as string;
    shapes.push(
      listShape(list.favs, list.kind, userId, {
        orderBy: first,
        direction: 'asc',
        offset: 0,
        followed: true,
      }),
    );
  }

  const detail = (name: string, url: string, statement: SQL): Shape => ({
    name,
    url,
    statements: [statement],
  });
  shapes.push(
    detail(
      'GET /artists/{id}',
      `/api/artists/${ids.artistId}`,
      itemStatement('artists', ids.artistId, userId),
    ),
  );
  shapes.push(
    detail('GET /labels/{id}', `/api/labels/${ids.labelId}`, itemStatement('labels', ids.labelId, userId)),
  );
  shapes.push(
    detail('GET /tracks/{id}', `/api/tracks/${ids.trackId}`, itemStatement('tracks', ids.trackId, userId)),
  );
  shapes.push(
    detail(
      'GET /tracks/{id} (ID)',
      `/api/tracks/${ids.idTrackId}`,
      itemStatement('tracks', ids.idTrackId, userId),
    ),
  );
  shapes.push(detail('GET /sets/{id}', `/api/sets/${ids.setId}`, setDetailStatement(ids.setId, userId)));

  const tab = (name: string, url: string, kind: ItemKind, orderBy: string, scope: SQL): Shape => ({
    name,
    url,
    // the service checks the parent exists in parallel with the list
    statements: [
      sql`select 1 from ${sql.raw(url.split('/')[2] ?? '')} where id = ${Number(url.split('/')[3])}`,
      listStatement({ kind, userId, limit: 20, offset: 0, orderBy, direction: 'desc', scope }),
    ],
  });
  const a = ids.artistId;
  const l = ids.labelId;
  shapes.push(
    tab(
      'GET /artists/{id}/sets',
      `/api/artists/${a}/sets`,
      'sets',
      SORTS.sets.release_date,
      scopes.artistSets(a),
    ),
  );
  shapes.push(
    tab(
      'GET /artists/{id}/tracks',
      `/api/artists/${a}/tracks`,
      'tracks',
      SORTS.tracks.release_date,
      scopes.artistTracks(a),
    ),
  );
  shapes.push(
    tab(
      'GET /artists/{id}/remixes',
      `/api/artists/${a}/remixes`,
      'tracks',
      SORTS.tracks.release_date,
      scopes.artistRemixes(a),
    ),
  );
  shapes.push(
    tab('GET /artists/{id}/ids', `/api/artists/${a}/ids`, 'ids', SORTS.ids.first_seen, scopes.artistIds(a)),
  );
  shapes.push(
    tab(
      'GET /artists/{id}/labels',
      `/api/artists/${a}/labels`,
      'labels',
      SORTS.labels.set_count,
      scopes.artistLabels(a),
    ),
  );
  shapes.push(
    tab(
      'GET /labels/{id}/sets',
      `/api/labels/${l}/sets`,
      'sets',
      SORTS.sets.release_date,
      scopes.labelSets(l),
    ),
  );
  shapes.push(
    tab(
      'GET /labels/{id}/tracks',
      `/api/labels/${l}/tracks`,
      'tracks',
      SORTS.tracks.release_date,
      scopes.labelTracks(l),
    ),
  );
  shapes.push(
    tab(
      'GET /labels/{id}/artists',
      `/api/labels/${l}/artists`,
      'artists',
      SORTS.artists.set_count,
      scopes.labelArtists(l),
    ),
  );
  shapes.push(
    tab(
      'GET /tracks/{id}/sets',
      `/api/tracks/${ids.trackId}/sets`,
      'sets',
      SORTS.sets.release_date,
      scopes.trackSets(ids.trackId),
    ),
  );

  for (const kind of ['sets', 'tracks', 'artists', 'labels', 'festivals', 'venues'] as const) {
    shapes.push(
      detail(`GET /featured/${kind}`, `/api/featured/${kind}`, featuredStatement(kind, userId, 20, 0)),
    );
  }
  return shapes;
}
