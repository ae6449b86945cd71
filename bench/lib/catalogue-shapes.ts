// The endpoint shapes the catalogue benchmark measures, each with its URL and the
// statement the API runs for it, so the bench can time the same SQL directly through the driver.
//
// Sampling (to keep a run under ~15 min): every sort field of every list in both directions on the
// first page and at offset 1000, unfiltered; then, for each list, every sort again under one genre
// filter (a different genre per sort, rotating through the 20) and under the followed filter, at both
// offsets; every favs/followed variant; every detail endpoint and tab; every featured list.
import { GENRES, SORTS } from '@cratedig/contract/constants';
import type { SQL } from 'drizzle-orm';
import type { ItemKind } from '../../apps/api/src/modules/catalogue/list-spec';
import {
  featuredStatement,
  itemStatement,
  type ListParams,
  listStatement,
  setDetailStatement,
} from '../../apps/api/src/modules/catalogue/queries';
import { RELATIONS, type Relation } from '../../apps/api/src/modules/catalogue/relations';
import { trackDetailStatement } from '../../apps/api/src/modules/catalogue/release-queries';

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
  /** The largest owners: most sets (artist, label), most plays (track). */
  biggestArtistId: number;
  biggestLabelId: number;
  mostPlayedTrackId: number;
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
    detail('GET /tracks/{id}', `/api/tracks/${ids.trackId}`, trackDetailStatement(ids.trackId, userId)),
  );
  shapes.push(
    detail(
      'GET /tracks/{id} (ID)',
      `/api/tracks/${ids.idTrackId}`,
      trackDetailStatement(ids.idTrackId, userId),
    ),
  );
  shapes.push(detail('GET /sets/{id}', `/api/sets/${ids.setId}`, setDetailStatement(ids.setId, userId)));

  // Every tab for a 99th-percentile owner and for the largest one (the artist with the most sets, the
  // label with the most sets, the most-played track), on the default sort; the largest owners' tabs
  // again on another sort at offset 1000. One statement each: the owner's existence is part of it.
  const tab = (
    path: string,
    kind: ItemKind,
    relation: Relation,
    ownerId: number,
    size: string,
    orderBy: string,
    direction: 'asc' | 'desc',
    offset: number,
  ): Shape => {
    const params: ListParams = {
      kind,
      userId,
      limit: 20,
      offset,
      orderBy,
      direction,
      relation: { relation, ownerId },
    };
    const query = new URLSearchParams({ order_by: orderBy, order_direction: direction });
    if (offset) query.set('offset', String(offset));
    const sort = `${orderBy.split('.')[1]} ${direction} @${offset}`;
    return {
      name: `GET /${path} ${size} ${sort}`,
      url: `/api/${path.replace('{id}', String(ownerId))}?${query}`,
      statements: [listStatement(params)],
      listParams: params,
    };
  };
  const tabs = [
    ['artists/{id}/sets', 'sets', RELATIONS.artistSets, 'artist', SORTS.sets.release_date, SORTS.sets.title],
    [
      'artists/{id}/tracks',
      'tracks',
      RELATIONS.artistTracks,
      'artist',
      SORTS.tracks.release_date,
      SORTS.tracks.title,
    ],
    [
      'artists/{id}/remixes',
      'tracks',
      RELATIONS.artistRemixes,
      'artist',
      SORTS.tracks.release_date,
      SORTS.tracks.label,
    ],
    ['artists/{id}/ids', 'ids', RELATIONS.artistIds, 'artist', SORTS.ids.first_seen, SORTS.ids.title],
    [
      'artists/{id}/labels',
      'labels',
      RELATIONS.artistLabels,
      'artist',
      SORTS.labels.set_count,
      SORTS.labels.name,
    ],
    ['labels/{id}/sets', 'sets', RELATIONS.labelSets, 'label', SORTS.sets.release_date, SORTS.sets.curator],
    [
      'labels/{id}/tracks',
      'tracks',
      RELATIONS.labelTracks,
      'label',
      SORTS.tracks.release_date,
      SORTS.tracks.artist,
    ],
    [
      'labels/{id}/artists',
      'artists',
      RELATIONS.labelArtists,
      'label',
      SORTS.artists.set_count,
      SORTS.artists.latest_set,
    ],
    ['tracks/{id}/sets', 'sets', RELATIONS.trackSets, 'track', SORTS.sets.release_date, SORTS.sets.artist],
  ] as const;
  const owners: Record<'artist' | 'label' | 'track', [number, number]> = {
    artist: [ids.artistId, ids.biggestArtistId],
    label: [ids.labelId, ids.biggestLabelId],
    track: [ids.trackId, ids.mostPlayedTrackId],
  };
  for (const [path, kind, relation, owner, defaultSort, otherSort] of tabs) {
    const [p99, biggest] = owners[owner];
    shapes.push(tab(path, kind, relation, p99, 'p99', defaultSort, 'desc', 0));
    shapes.push(tab(path, kind, relation, biggest, 'largest', defaultSort, 'desc', 0));
    shapes.push(tab(path, kind, relation, biggest, 'largest', otherSort, 'asc', 1000));
  }

  for (const kind of ['sets', 'tracks', 'artists', 'labels', 'festivals', 'venues'] as const) {
    shapes.push(
      detail(`GET /featured/${kind}`, `/api/featured/${kind}`, featuredStatement(kind, userId, 20, 0)),
    );
  }
  return shapes;
}
