// `cratedig export`: the catalogue (or some sets) as a catalogue file, with every item in the shape
// the API answers it (through the catalogue's own service), minus the signed-in user's state. Sets
// carry their unsigned audio path in mp3_permalink.
import type { Artist } from '@cratedig/contract/artist';
import type { SetDetail } from '@cratedig/contract/catalogue-api';
import {
  CATALOGUE_FILE_FORMAT,
  CATALOGUE_FILE_VERSION,
  type CatalogueFile,
} from '@cratedig/contract/catalogue-file';
import type { Label } from '@cratedig/contract/label';
import type { Festival, Venue } from '@cratedig/contract/place';
import type { TrackMeta } from '@cratedig/contract/track';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows';
import type { ServiceContext } from '../../plugins/service-context';
import * as catalogue from '../catalogue/service';

/** No user: the exported items carry no user state. */
const NO_USER = 0;

const ids = async (ctx: ServiceContext, statement: ReturnType<typeof sql>) =>
  (await queryRows<{ id: number }>(ctx.db, statement)).map((r) => r.id);

export interface ExportOptions {
  /** Only these sets and what they reference; everything when absent. */
  setIds?: number[];
  progress?: (done: number, total: number, label: string) => void;
}

export async function exportCatalogue(
  ctx: ServiceContext,
  options: ExportOptions = {},
): Promise<CatalogueFile> {
  const db = ctx.db;
  const reader = { ...ctx, userId: NO_USER };
  const only = options.setIds;
  const setIds = only ?? (await ids(ctx, sql`select id from sets order by id`));
  const sets: SetDetail[] = [];
  for (const id of setIds) {
    const { user_fav: _fav, ...set } = await catalogue.getSet(reader, id);
    sets.push({
      ...set,
      // the file names the audio by its media path; links are signed per listener when served
      mp3_permalink: set.mp3_permalink?.split('?')[0] ?? null,
      set_tracks: set.set_tracks.map(({ track_meta: { user_fav: _t, ...track }, ...st }) => ({
        ...st,
        track_meta: track,
      })),
    } as SetDetail);
    options.progress?.(sets.length, setIds.length, 'sets');
  }
  const arr = `{${setIds.join(',')}}`;
  const trackIds = only
    ? await ids(
        ctx,
        sql`select distinct track_id as id from set_tracks where set_id = any(${arr}::int[]) order by 1`,
      )
    : await ids(ctx, sql`select id from tracks order by id`);
  const tracks: TrackMeta[] = [];
  for (const id of trackIds) {
    const { user_fav: _fav, ...track } = await catalogue.getTrack(reader, id);
    tracks.push(track as TrackMeta);
  }
  const tArr = `{${trackIds.join(',')}}`;
  const labelIds = only
    ? await ids(
        ctx,
        sql`select id from labels where id in (select label_id from tracks where id = any(${tArr}::int[]))
        or id in (select label_id from set_sponsors where set_id = any(${arr}::int[])) order by id`,
      )
    : await ids(ctx, sql`select id from labels order by id`);
  const lArr = `{${labelIds.join(',')}}`;
  const artistIds = only
    ? await ids(
        ctx,
        sql`select id from artists where id in (select artist_id from track_artists where track_id = any(${tArr}::int[]))
        or id in (select artist_id from set_artists where set_id = any(${arr}::int[]))
        or id in (select artist_id from set_sponsors where set_id = any(${arr}::int[]))
        or id in (select artist_id from label_bosses where label_id = any(${lArr}::int[])) order by id`,
      )
    : await ids(ctx, sql`select id from artists order by id`);
  const artists: Artist[] = [];
  for (const id of artistIds) {
    const { user_stats: _s, ...artist } = await catalogue.getArtist(reader, id);
    artists.push(artist as Artist);
  }
  const labels: Label[] = [];
  for (const id of labelIds) {
    const { user_label_stats: _s, ...label } = await catalogue.getLabel(reader, id);
    labels.push(label as Label);
  }
  const places = async (table: 'festivals' | 'venues') =>
    await queryRows<Festival | Venue>(
      db,
      sql`select id, name, art_url_sm, art_url_xl, city, country from ${sql.raw(table)}
        ${only ? sql`where id in (select ${sql.raw(table === 'festivals' ? 'festival_id' : 'venue_id')} from sets where id = any(${arr}::int[]))` : sql``}
        order by id`,
    );
  const file: CatalogueFile = {
    format: CATALOGUE_FILE_FORMAT,
    version: CATALOGUE_FILE_VERSION,
    exported_at: new Date().toISOString(),
    artists,
    labels,
    festivals: await places('festivals'),
    venues: await places('venues'),
    tracks,
    sets,
  };
  if (!only) {
    const featured = await queryRows<{ kind: string; ids: number[] }>(
      db,
      sql`select kind, array_agg(item_id order by position) as ids from featured group by kind order by kind`,
    );
    file.featured = Object.fromEntries(featured.map((f) => [f.kind, f.ids]));
  }
  return file;
}
