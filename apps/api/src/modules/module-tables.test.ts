// A module owns its tables; the catalogue's are read through the catalogue read layer in
// src/db/read-models/ (docs/database.md: who reads which tables). This holds that line for the
// modules that keep to it: none of them names a catalogue table in its own SQL.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_TABLES } from '../db/catalogue-tables';

const MODULES = ['accounts', 'comments', 'health', 'library', 'live', 'notifications', 'player', 'share'];
const NAMING = new RegExp(`\\b(from|join|update|into)\\s+(${CATALOGUE_TABLES.join('|')})\\b`, 'i');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !/\.(test|server-test)\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('modules other than the catalogue', () => {
  it.each(MODULES)('%s names no catalogue table in its SQL', (module) => {
    const found = sourceFiles(join(import.meta.dirname, module)).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line: line.trim(), at: `${file.split('/modules/')[1]}:${i + 1}` }))
        .filter(({ line }) => !line.startsWith('//') && !line.startsWith('*') && NAMING.test(line))
        .map(({ line, at }) => `${at}: ${line}`),
    );
    expect(found).toEqual([]);
  });
});
