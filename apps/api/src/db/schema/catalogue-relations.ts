import {
  date,
  index,
  integer,
  type PgColumnBuilderBase,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// The detail tabs' maintained relations (migration 0007_catalogue_relations): per owner, the listed
// items' ids with their sort keys under the item tables' column names, one (owner_id, key, id) index
// per sort field (plus a NULLS FIRST twin for nullable keys) and one on id for incremental refreshes.
// refresh_catalogue_relations() writes them; nothing else does.

type Keys = Record<string, PgColumnBuilderBase>;

/** A relation table with its sort keys; `nullable` keys get the NULLS FIRST twin index. */
function relationTable<K extends Keys>(name: string, keys: K, nullable: (keyof K & string)[]) {
  return pgTable(
    name,
    { ownerId: integer('owner_id').notNull(), id: integer('id').notNull(), ...keys },
    (t) => {
      const columns = t as unknown as Record<string, Parameters<ReturnType<typeof index>['on']>[0]>;
      const byKey = Object.keys(keys).flatMap((key) => {
        const column = columns[key] as never;
        const sqlName = (keys[key] as unknown as { config: { name: string } }).config.name;
        const plain = index(`${name}_${sqlName}_idx`).on(t.ownerId, column, t.id);
        if (!nullable.includes(key)) return [plain];
        const twin = index(`${name}_${sqlName}_nf_idx`).on(
          t.ownerId,
          (columns[key] as unknown as { asc(): { nullsFirst(): never } }).asc().nullsFirst(),
          t.id,
        );
        return [plain, twin];
      });
      return [
        primaryKey({ name: `${name}_pk`, columns: [t.ownerId, t.id] }),
        index(`${name}_id_idx`).on(t.id),
        ...byKey,
      ];
    },
  );
}

const setKeys = () => ({
  artist: text('artist').notNull(),
  setName: text('set_name').notNull(),
  curator: text('curator'),
  genre: text('genre'),
  releaseDate: date('release_date', { mode: 'string' }).notNull(),
});
const trackKeys = () => ({
  artist: text('artist').notNull(),
  title: text('title').notNull(),
  labelName: text('label_name'),
  genre: text('genre'),
  releaseDate: date('release_date', { mode: 'string' }),
});
const trackNullable: ('labelName' | 'genre' | 'releaseDate')[] = ['labelName', 'genre', 'releaseDate'];
const artistKeys = () => ({
  name: text('name').notNull(),
  setCount: integer('set_count').notNull(),
  latestSetDate: date('latest_set_date', { mode: 'string' }),
  trackCount: integer('track_count').notNull(),
  latestTrackDate: date('latest_track_date', { mode: 'string' }),
});

/** Sets the artist performs. */
export const artistSets = relationTable('artist_sets', setKeys(), ['curator', 'genre']);
/** Sets playing one of the label's tracks or curated by it. */
export const labelSets = relationTable('label_sets', setKeys(), ['curator', 'genre']);
/** Sets playing the track. */
export const trackSets = relationTable('track_sets', setKeys(), ['curator', 'genre']);
/** Released tracks the artist is credited on as producer or feat. */
export const artistTracks = relationTable('artist_tracks', trackKeys(), trackNullable);
/** Released tracks the artist is credited on as mixer. */
export const artistRemixes = relationTable('artist_remixes', trackKeys(), trackNullable);
/** The label's released tracks. */
export const labelTracks = relationTable('label_tracks', trackKeys(), trackNullable);
/** IDs the artist is credited on in any role. */
export const artistIds = relationTable(
  'artist_ids',
  {
    artist: text('artist').notNull(),
    title: text('title').notNull(),
    createdDt: timestamp('created_dt', { withTimezone: true }).notNull(),
  },
  [],
);
/** Artists credited on the label's tracks. */
export const labelArtists = relationTable('label_artists', artistKeys(), [
  'latestSetDate',
  'latestTrackDate',
]);
/** Labels of the artist's released tracks plus labels it founded. */
export const artistLabels = relationTable(
  'artist_labels',
  { ...artistKeys(), artistCount: integer('artist_count').notNull() },
  ['latestSetDate', 'latestTrackDate'],
);
