// Every table has one owner module (docs/database.md, "Who owns which tables"). Only its owner names a
// table in its SQL; another module asks the owner's service, or reads through a read model in
// src/db/read-models/ named for that purpose. This test reads the source of every module (tests left
// out) and fails on any other naming, but for the files listed in EXCEPTIONS, each with its reason. It
// reads every folder of src/modules/, so a new module is held from its first file, and every table of
// the schema must have an owner here and in docs/database.md.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_TABLES } from '../db/catalogue-tables';
import * as schema from '../db/schema/index';

const MODULES_DIR = import.meta.dirname;
const SRC = join(MODULES_DIR, '..');

/** Each table's owner module. The catalogue's are listed in src/db/catalogue-tables.ts. */
export const OWNERS: Record<string, string> = {
  ...Object.fromEntries(CATALOGUE_TABLES.map((table) => [table, 'catalogue'])),
  genres: 'catalogue',
  catalogue_generation: 'catalogue',
  catalogue_item_docs: 'catalogue',
  list_search_capped: 'catalogue',
  search_generation: 'search',
  users: 'accounts',
  refresh_tokens: 'accounts',
  password_resets: 'accounts',
  rate_limit_hits: 'accounts',
  rate_limit_counters: 'accounts',
  user_set_favs: 'library',
  user_track_favs: 'library',
  user_artist_stats: 'library',
  user_label_stats: 'library',
  user_festival_stats: 'library',
  user_venue_stats: 'library',
  queue_items: 'player',
  plays: 'player',
  set_likes: 'player',
  set_like_slots: 'player',
  set_play_counts: 'player',
  posts: 'comments',
  notifications: 'notifications',
  digests: 'notifications',
  live_events: 'live',
  live_tickets: 'live',
  identifications: 'identifications',
  identification_votes: 'identifications',
  set_fingerprints: 'fingerprints',
  fingerprint_postings: 'fingerprints',
  set_landmarks: 'fingerprints',
  landmark_postings: 'fingerprints',
  landmark_keys: 'fingerprints',
  landmark_stretches: 'fingerprints',
  uploads: 'publish',
  // the job engine's, outside any module (src/job-leases.ts)
  job_leases: 'jobs',
};

/**
 * Files that name a table of another module, each with the tables and the reason. `writes: false`: the
 * file only reads them (a write there fails).
 */
const EXCEPTIONS: { file: string; tables: readonly string[]; writes: boolean; reason: string }[] = [
  // The import is the catalogue's writer, not a visitor to it (docs/database.md "The import writes the
  // catalogue's tables itself"): its batching and ordering decide the writes.
  {
    file: 'modules/import/queries.ts',
    tables: ['featured'],
    writes: true,
    reason: 'the import replaces the featured lists it is given',
  },
  {
    file: 'modules/import/id-entry-queries.ts',
    tables: ['sets', 'set_tracks', 'tracks'],
    writes: true,
    reason: "an ID entry added where Cratedig heard a track moves the set's places in one transaction",
  },
  {
    file: 'modules/import/owned-set-queries.ts',
    tables: [
      'artists',
      'labels',
      'sets',
      'set_artists',
      'set_sponsors',
      'set_tracks',
      'tracks',
      'track_artists',
      'featured',
      'catalogue_counts',
      'search_documents',
      'search_terms',
    ],
    writes: true,
    reason: "a DJ's own set edited or removed reads and writes what it reaches in one transaction",
  },
  {
    file: 'modules/import/export-service.ts',
    tables: [
      'artists',
      'labels',
      'label_bosses',
      'sets',
      'set_artists',
      'set_sponsors',
      'set_tracks',
      'tracks',
      'track_artists',
      'featured',
    ],
    writes: false,
    reason: 'the export dumps every catalogue table, column by column, as the import reads it back',
  },
  {
    file: 'modules/comments/queries.ts',
    tables: ['users'],
    writes: false,
    reason: "a comment's JSON carries its author's username, joined in the page's one statement",
  },
  {
    file: 'modules/identifications/queries.ts',
    tables: ['users'],
    writes: false,
    reason:
      "a proposal's JSON carries its author's username; a vote's weight reads the voter's trust in the vote's statement",
  },
  {
    file: 'modules/notifications/queries.ts',
    tables: ['identifications', 'uploads', 'users'],
    writes: false,
    reason:
      "a notification's JSON names the proposal, its author and the DJ's set taken down in the page's one statement",
  },
  {
    file: 'modules/notifications/digest-queries.ts',
    tables: ['users'],
    writes: false,
    reason:
      'the digest picks the users due for a mail (their settings and address) and locks the row it mails',
  },
  {
    file: 'modules/player/moments-queries.ts',
    tables: ['user_set_favs'],
    writes: false,
    reason:
      "the resume list reads the listener's resume positions (kept on the library's rows) with the sets' items in one statement",
  },
];

/** Read-model files that write: only a read model's own stored documents. */
const READ_MODEL_WRITES: Record<string, string> = {
  // its documents are filled by SQL functions it generates from the items' SQL (whose digest they carry)
  'db/read-models/catalogue-item-docs.ts': 'catalogue_item_docs',
};

const TABLES = Object.keys(OWNERS).sort((a, b) => b.length - a.length);
const NAMING = new RegExp(
  `\\b(delete\\s+from|insert\\s+into|update|truncate|from|join|into)\\s+(${TABLES.join('|')})\\b`,
  'gi',
);
const WRITING = /^(delete|insert|update|truncate)/i;
/** The schema's table objects by their export name (a module importing one names its table). */
const TABLE_EXPORTS = new Map(
  Object.entries(schema).flatMap(([name, value]) =>
    is(value, PgTable) ? [[name, getTableName(value)]] : [],
  ),
);

interface Naming {
  file: string;
  line: number;
  table: string;
  write: boolean;
  text: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !/\.(test|server-test)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The text with its comments blanked out (line numbers kept). */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|\s)\/\/.*$/gm, '$1');
}

/** Every table a file names: in its SQL text, or by importing its table object from the schema. */
function namings(path: string): Naming[] {
  const file = path.slice(SRC.length + 1);
  const text = withoutComments(readFileSync(path, 'utf8'));
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  const found: Naming[] = [];
  for (const match of text.matchAll(NAMING)) {
    const [whole, verb = '', table = ''] = match;
    found.push({
      file,
      line: lineOf(match.index),
      table: table.toLowerCase(),
      write: WRITING.test(verb),
      text: whole.replace(/\s+/g, ' '),
    });
  }
  for (const match of text.matchAll(
    /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[./]*db\/schema(?:\/index)?'/g,
  )) {
    for (const name of (match[1] ?? '').split(',').map((n) => n.replace(/^\s*type\s+/, '').trim())) {
      const table = TABLE_EXPORTS.get(name);
      if (table) found.push({ file, line: lineOf(match.index), table, write: true, text: `import ${name}` });
    }
  }
  return found;
}

function allowed({ file, table, write }: Naming): boolean {
  return EXCEPTIONS.some((e) => e.file === file && e.tables.includes(table) && (e.writes || !write));
}

const MODULES = readdirSync(MODULES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('one owner per table', () => {
  it('gives every table of the schema an owner', () => {
    expect([...TABLE_EXPORTS.values()].filter((table) => !OWNERS[table])).toEqual([]);
  });

  it('names an existing module (or the job engine) as each owner', () => {
    expect([...new Set(Object.values(OWNERS))].filter((o) => o !== 'jobs' && !MODULES.includes(o))).toEqual(
      [],
    );
  });

  it('lists the same owners in docs/database.md', () => {
    const doc = readFileSync(join(SRC, '../../../docs/database.md'), 'utf8');
    const rows = new Map([...doc.matchAll(/^\| `(\w+)` \| (\w+) \|/gm)].map((m) => [m[1] ?? '', m[2] ?? '']));
    const inDoc = Object.fromEntries(Object.keys(OWNERS).map((table) => [table, rows.get(table)]));
    expect(inDoc).toEqual(OWNERS);
  });

  it('holds every module, search and fingerprints among them', () => {
    expect(MODULES).toEqual(
      expect.arrayContaining(['catalogue', 'fingerprints', 'identifications', 'search']),
    );
  });

  it.each(MODULES)('%s names no table it does not own', (module) => {
    const found = sourceFiles(join(MODULES_DIR, module))
      .flatMap(namings)
      .filter((n) => OWNERS[n.table] !== module && !allowed(n))
      .map((n) => `${n.file}:${n.line}: ${n.text} (owner: ${OWNERS[n.table]})`);
    expect(found).toEqual([]);
  });

  it('keeps every exception in use', () => {
    const all = MODULES.flatMap((module) => sourceFiles(join(MODULES_DIR, module)).flatMap(namings));
    const unused = EXCEPTIONS.flatMap((e) =>
      e.tables
        .filter((table) => !all.some((n) => n.file === e.file && n.table === table))
        .map((table) => `${e.file}: ${table}`),
    );
    expect(unused).toEqual([]);
  });
});

describe('the read models', () => {
  it('write no table', () => {
    const writes = sourceFiles(join(SRC, 'db/read-models'))
      .flatMap(namings)
      .filter((n) => n.write && !n.text.startsWith('import') && READ_MODEL_WRITES[n.file] !== n.table)
      .map((n) => `${n.file}:${n.line}: ${n.text}`);
    expect(writes).toEqual([]);
  });
});
