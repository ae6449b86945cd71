import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';

/**
 * One stored search document per artist, label, track and set (migration 0008_search.sql, kept by
 * refresh_search_documents()). name: the item's normalised name (cd_normalise_name); body: ' ' + every
 * normalised searchable text of the item + ' '; popularity: likes * 1e6 + set count.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    kind: text('kind').$type<'artists' | 'labels' | 'tracks' | 'sets'>().notNull(),
    itemId: integer('item_id').notNull(),
    name: text('name').notNull(),
    body: text('body').notNull(),
    popularity: bigint('popularity', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.itemId] }),
    check('search_documents_kind_check', sql`${t.kind} in ('artists', 'labels', 'tracks', 'sets')`),
    index('search_documents_name_idx').on(t.kind, sql`${t.name} text_pattern_ops`, t.popularity, t.itemId),
    // INCLUDE (body): the popularity-ordered scan of frequent words filters on the index alone
    // (migration 0013_search_speed.sql); drizzle's builder has no INCLUDE, the SQL is authoritative.
    index('search_documents_popularity_idx')
      .on(t.kind, t.popularity.desc(), t.name, t.itemId)
      .where(sql`${t.popularity} >= 0`),
    ...(['artists', 'labels', 'tracks', 'sets'] as const).map((kind) =>
      index(`search_documents_${kind}_words`)
        .using('gin', sql`string_to_array(btrim(${t.body}), ' ')`)
        .where(sql`${t.kind} = '${sql.raw(kind)}'`),
    ),
  ],
);

/**
 * Per kind, every word of the documents: `docs` documents hold it, `leads` names start with it
 * (migration 0013_search_speed.sql). The search plans each section from these figures.
 */
export const searchTerms = pgTable(
  'search_terms',
  {
    kind: text('kind').$type<'artists' | 'labels' | 'tracks' | 'sets'>().notNull(),
    word: text('word').notNull(),
    docs: integer('docs').notNull(),
    leads: integer('leads').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.word] }),
    index('search_terms_prefix_idx').on(sql`${t.word} text_pattern_ops`),
  ],
);

/** Every distinct word of four letters or more of the documents: one-typo spellings are looked up here. */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_prefix_idx').on(sql`${t.word} text_pattern_ops`),
  index('search_words_head_idx').on(sql`left(${t.word}, 2)`, sql`length(${t.word})`),
  index('search_words_tail_idx').on(sql`right(${t.word}, 2)`, sql`length(${t.word})`),
]);

/**
 * The whole-list searches (a list and its normalised query words, sorted) known to match more than
 * LIST_TOTAL_CAP items (migration 0023): their total is the cap without counting again. Recorded by
 * the first request that counts past the cap, and for the 1- and 2-letter searches beforehand by the
 * job that keeps them ready (modules/catalogue/ready-searches.ts). The catalogue only grows (imports
 * add, nothing deletes), so what once passed the cap stays past it; a full refresh_search_documents()
 * empties it.
 */
export const listSearchCapped = pgTable(
  'list_search_capped',
  { list: text('list').notNull(), words: text('words').notNull() },
  (t) => [primaryKey({ columns: [t.list, t.words] })],
);

/** The numbers of search_generation: never repeated, whatever happens to its row. */
export const searchGenerationSeq = pgSequence('search_generation_seq');

/**
 * One row: the search documents' generation, moved on by a trigger after every statement that writes
 * search_documents or search_terms (migration 0025_search_generation.sql). The search's caches are
 * tagged with it (modules/search/result-cache.ts).
 */
export const searchGeneration = pgTable(
  'search_generation',
  {
    id: boolean('id').primaryKey().default(true).notNull(),
    n: bigint('n', { mode: 'number' }).default(0).notNull(),
  },
  (t) => [check('search_generation_id_check', sql`${t.id}`)],
);
