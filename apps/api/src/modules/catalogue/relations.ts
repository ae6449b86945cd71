// The maintained relations behind the detail pages' tabs (migration 0007_catalogue_relations, decision
// 0014). Each relation table lists an owner's items with the items' sort keys under the item table's
// column names, so the list statement pages it by an (owner_id, key, id) index scan, and its total is
// the owner's maintained count: a tab costs the same for the biggest artist or label as for the smallest.
import type { ItemKind } from './list-spec';

export interface Relation {
  /** The relation table (alias `x` in the list statement). */
  table: string;
  /** The owner's table and its kind, for the tab's 404. */
  ownerTable: 'artists' | 'labels' | 'tracks';
  owner: ItemKind;
  /** The owner's column holding the relation's exact size (refresh_catalogue_stats / _relations). */
  totalColumn: string;
}

const relation = (table: string, ownerTable: Relation['ownerTable'], totalColumn: string): Relation => ({
  table,
  ownerTable,
  owner: ownerTable,
  totalColumn,
});

export const RELATIONS = {
  /** Sets the artist performs (artist.set_count). */
  artistSets: relation('artist_sets', 'artists', 'set_count'),
  /** Released tracks credited as producer or feat (artist.track_count). */
  artistTracks: relation('artist_tracks', 'artists', 'track_count'),
  /** Released tracks credited as mixer (artist.remix_count). */
  artistRemixes: relation('artist_remixes', 'artists', 'remix_count'),
  /** IDs credited in any role (artist.id_count). */
  artistIds: relation('artist_ids', 'artists', 'id_count'),
  /** Labels of its released tracks plus labels it founded (artist.label_count). */
  artistLabels: relation('artist_labels', 'artists', 'label_count'),
  /** Sets playing one of its tracks or curated by it (label.set_count). */
  labelSets: relation('label_sets', 'labels', 'set_count'),
  /** Its released tracks (IDs have their own lists). */
  labelTracks: relation('label_tracks', 'labels', 'released_track_count'),
  /** Distinct artists credited on its tracks (label.artist_count). */
  labelArtists: relation('label_artists', 'labels', 'artist_count'),
  /** Sets playing the track (track.set_count). */
  trackSets: relation('track_sets', 'tracks', 'set_count'),
} as const satisfies Record<string, Relation>;

/** A tab: one owner's side of a relation. */
export interface RelationScope {
  relation: Relation;
  ownerId: number;
}
