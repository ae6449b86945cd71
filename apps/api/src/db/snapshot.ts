// The drizzle-kit snapshot of the schema TS: what `db:generate` compares the schema against. Only the
// latest snapshot counts; it must describe the schema the migrations build (docs/database.md).
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DrizzleSnapshotJSON, generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { MIGRATIONS_FOLDER } from './migrate';
import * as schema from './schema/index';

// Loading drizzle-kit/api adds enumerable methods to String.prototype and Array.prototype (camelCase,
// random, …), so every `for … in` over an array then also meets them. In a process that had loaded
// this file, ajv's code generation (which fast-json-stringify runs for a route's response schema) met
// Array.prototype.random as an enum value and the route answered 500. drizzle-kit still calls them;
// they are only hidden from enumeration.
for (const proto of [String.prototype, Array.prototype, Object.prototype]) {
  for (const key of Object.keys(proto)) Object.defineProperty(proto, key, { enumerable: false });
}

const META_FOLDER = join(MIGRATIONS_FOLDER, 'meta');

interface JournalEntry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}

interface Journal {
  entries: JournalEntry[];
}

const JOURNAL_FILE = join(META_FOLDER, '_journal.json');
const readJournal = () => JSON.parse(readFileSync(JOURNAL_FILE, 'utf8')) as Journal;

/** The migrations drizzle's journal lists, in order. */
export function journalEntries(): JournalEntry[] {
  return readJournal().entries;
}

/**
 * Lists in the journal the migration files numbered after its last entry (written by hand, so
 * drizzle-kit never listed them; the migrator applies only what the journal lists). Returns their tags.
 */
export function journalNewMigrations(): string[] {
  const journal = readJournal();
  const lastIdx = journal.entries.at(-1)?.idx ?? -1;
  const added = readdirSync(MIGRATIONS_FOLDER)
    .map((file) => /^((\d{4})_[a-z0-9_]+)\.sql$/.exec(file))
    .filter((match): match is RegExpExecArray => match !== null && Number(match[2]) > lastIdx)
    .map((match) => ({ idx: Number(match[2]), tag: match[1] as string }))
    .sort((a, b) => a.idx - b.idx);
  for (const { idx, tag } of added) {
    journal.entries.push({ idx, version: '7', when: Date.now(), tag, breakpoints: true });
  }
  if (added.length > 0) writeFileSync(JOURNAL_FILE, `${JSON.stringify(journal, null, 2)}\n`);
  return added.map((entry) => entry.tag);
}

const snapshotFile = (idx: number) => `${String(idx).padStart(4, '0')}_snapshot.json`;

/** The snapshot files present, oldest first, by migration number. */
function snapshotNumbers(): number[] {
  return readdirSync(META_FOLDER)
    .map((file) => /^(\d{4})_snapshot\.json$/.exec(file)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

function readSnapshot(idx: number): DrizzleSnapshotJSON {
  return JSON.parse(readFileSync(join(META_FOLDER, snapshotFile(idx)), 'utf8')) as DrizzleSnapshotJSON;
}

/** The snapshot `db:generate` diffs against: the newest one. */
export function latestSnapshot(): { idx: number; snapshot: DrizzleSnapshotJSON } {
  const idx = snapshotNumbers().at(-1);
  if (idx === undefined) throw new Error(`no drizzle-kit snapshot in ${META_FOLDER}`);
  return { idx, snapshot: readSnapshot(idx) };
}

/** The schema TS as a snapshot (drizzle-kit's own serialiser). */
export function schemaSnapshot(prevId?: string): DrizzleSnapshotJSON {
  return generateDrizzleJson(schema, prevId) as DrizzleSnapshotJSON;
}

/** The SQL `db:generate` would write now: empty when the latest snapshot is the schema TS. */
export function pendingStatements(): Promise<string[]> {
  return generateMigration(latestSnapshot().snapshot, schemaSnapshot());
}

/**
 * Writes the snapshot of the journal's last migration from the schema TS (keeping its id if it has
 * one; chained to the snapshot before it), after a migration written by hand. Returns the file name.
 */
export function writeBaseline(): string {
  const last = journalEntries().at(-1);
  if (!last) throw new Error('the drizzle journal lists no migration');
  const numbers = snapshotNumbers();
  const previous = numbers.filter((n) => n < last.idx).at(-1);
  const prevId = previous === undefined ? '00000000-0000-0000-0000-000000000000' : readSnapshot(previous).id;
  const id = numbers.includes(last.idx) ? readSnapshot(last.idx).id : randomUUID();
  // drizzle-kit writes id and prevId first; the same order keeps its own later snapshots' diffs small
  const { id: _id, prevId: _prevId, ...body } = schemaSnapshot(prevId);
  const file = snapshotFile(last.idx);
  writeFileSync(join(META_FOLDER, file), `${JSON.stringify({ id, prevId, ...body }, null, 2)}`);
  return file;
}
