// A module owns its tables; the catalogue's are read through the catalogue read layer in
// src/db/read-models/ (docs/database.md: who reads which tables). This holds that line for every
// module but the catalogue itself: none of them names a catalogue table in its own SQL, but for the
// files listed below, each with its reason. A new module is held as soon as it exists.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_TABLES } from '../db/catalogue-tables';

const OWNER = 'catalogue';
const MODULES = readdirSync(import.meta.dirname, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== OWNER)
  .map((entry) => entry.name)
  .sort();
const NAMING = new RegExp(`\\b(from|join|update|into)\\s+(${CATALOGUE_TABLES.join('|')})\\b`, 'i');
const WRITING = new RegExp(
  `\\b(delete\\s+from|update|insert\\s+into)\\s+(${CATALOGUE_TABLES.join('|')})\\b`,
  'i',
);

/**
 * Files allowed to write catalogue tables (never to read them): `writes`. Or to read them as well,
 * for a reason a read model would not serve: `reads`.
 */
const EXCEPTIONS: Record<string, { writes?: string[]; reads?: string[] }> = {
  // a decision counts the set's confirmed tracks in the transaction that names the ID
  identifications: { writes: ['identifications/outcome-queries.ts'] },
  // the import is the catalogue's writer (docs/import.md); the export dumps every catalogue table
  // into the catalogue file, column by column, as the import reads it back; an ID entry added where
  // Cratedig heard a track reads the set's places in the transaction that moves them; a DJ's own set
  // edited or removed (docs/publishing.md) reads what it reaches in the transaction that changes it
  import: {
    writes: ['import/queries.ts', 'import/id-entry-queries.ts', 'import/owned-set-queries.ts'],
    reads: ['import/export-service.ts', 'import/id-entry-queries.ts', 'import/owned-set-queries.ts'],
  },
};

function allowed(module: string, at: string, line: string): boolean {
  const file = at.slice(0, at.lastIndexOf(':'));
  const exception = EXCEPTIONS[module];
  if (exception?.reads?.includes(file)) return true;
  return (exception?.writes?.includes(file) ?? false) && WRITING.test(line);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !/\.(test|server-test)\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('modules other than the catalogue', () => {
  it('holds every module, search and fingerprints among them', () => {
    expect(MODULES).toEqual(expect.arrayContaining(['fingerprints', 'identifications', 'import', 'search']));
  });

  it.each(MODULES)('%s names no catalogue table in its SQL', (module) => {
    const found = sourceFiles(join(import.meta.dirname, module)).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line: line.trim(), at: `${file.split('/modules/')[1]}:${i + 1}` }))
        .filter(({ line }) => !line.startsWith('//') && !line.startsWith('*') && NAMING.test(line))
        .filter(({ line, at }) => !allowed(module, at, line))
        .map(({ line, at }) => `${at}: ${line}`),
    );
    expect(found).toEqual([]);
  });
});
