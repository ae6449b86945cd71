/**
 * Every table the catalogue import owns (docs/catalogue.md: the catalogue changes only by import), in load
 * order. genres stays out: the migrations fill it. The seed's tests and the large-catalogue
 * generator both work over exactly this list.
 */
export const CATALOGUE_TABLES = [
  'artists',
  'labels',
  'label_bosses',
  'festivals',
  'venues',
  'sets',
  'set_artists',
  'set_sponsors',
  'tracks',
  'track_artists',
  'id_releases',
  'set_tracks',
  'featured',
  'catalogue_counts',
  'search_documents',
  'search_words',
  'search_terms',
  // maintained relations (refresh_catalogue_relations)
  'artist_sets',
  'label_sets',
  'track_sets',
  'artist_tracks',
  'artist_remixes',
  'artist_ids',
  'label_tracks',
  'label_artists',
  'artist_labels',
] as const;
