// The docs can't drift from the code unnoticed: every `docs/x.md` the code or the docs name exists,
// every `docs/x.md "Heading"` names a heading that file has, every relative Markdown link resolves,
// nothing cites the design documents that live outside the repository, and the README's map lists
// every API module.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const CODE_DIRS = ['apps', 'packages', 'scripts', 'e2e', 'bench'];
const CODE = /\.(ts|tsx|mjs|js|sql)$/;
const SKIP = new Set(['node_modules', 'dist', 'data', '.cache', 'test-results']);

function files(dir: string, wanted: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, wanted);
    return wanted.test(name) ? [path] : [];
  });
}

// this file names made-up docs in its own comments
const code = CODE_DIRS.flatMap((dir) => files(join(ROOT, dir), CODE)).filter(
  (file) => file !== import.meta.filename,
);
const docs = [
  ...files(join(ROOT, 'docs'), /\.md$/),
  join(ROOT, 'README.md'),
  join(ROOT, 'bench', 'README.md'),
].filter(existsSync);
const at = (file: string, text: string, index: number) =>
  `${relative(ROOT, file)}:${text.slice(0, index).split('\n').length}`;

/**
 * The sections of a Markdown file, lower-cased: its headings, and the bold words a paragraph or a
 * list item starts with ('**Readiness.** …'), which the docs use as the titles of short sections.
 */
function headings(file: string): Set<string> {
  const out = new Set<string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*$/.exec(line);
    if (heading?.[1]) {
      const title = heading[1].replaceAll('`', '').toLowerCase();
      out.add(title);
      // 'Readiness: no visitor meets a cold instance' is cited as 'Readiness'
      if (title.includes(': ')) out.add(title.slice(0, title.indexOf(': ')));
    }
    const bold = /^(?:[-*]\s+|\d+\.\s+)?\*\*([^*]+?)[.:]?\*\*/.exec(line);
    if (bold?.[1]) out.add(bold[1].toLowerCase());
  }
  return out;
}

/**
 * `docs/x.md` and `docs/x.md "Heading"` (or `docs/x.md, "Heading"`) in every code file and doc, and
 * the same of the README at the top.
 */
function references(): { where: string; path: string; heading?: string }[] {
  const found: { where: string; path: string; heading?: string }[] = [];
  for (const file of [...code, ...docs]) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?<![\w./-])(docs\/[\w./-]+?\.md|README\.md)(?:,? "([^"\n]+)")?/g)) {
      found.push({ where: at(file, text, match.index ?? 0), path: match[1] ?? '', heading: match[2] });
    }
  }
  return found;
}

describe('the docs the code and the docs name', () => {
  const all = references();

  it('are read from hundreds of places', () => {
    expect(all.length).toBeGreaterThan(300);
  });

  it('exist', () => {
    const missing = all
      .filter((ref) => !existsSync(join(ROOT, ref.path)))
      .map((ref) => `${ref.where} ${ref.path}`);
    expect(missing).toEqual([]);
  });

  it('have the headings they are cited by', () => {
    const cited = all.filter((ref) => ref.heading !== undefined && existsSync(join(ROOT, ref.path)));
    expect(cited.length).toBeGreaterThan(20);
    const wrong = cited
      .filter((ref) => !headings(join(ROOT, ref.path)).has((ref.heading ?? '').toLowerCase()))
      .map((ref) => `${ref.where} ${ref.path} "${ref.heading}"`);
    expect(wrong).toEqual([]);
  });

  it('link only to files that exist', () => {
    const broken: string[] = [];
    // a template's links are placeholders
    for (const file of docs.filter((path) => !path.endsWith('TEMPLATE.md'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\]\(([^)\s#]+)(#[^)\s]*)?\)/g)) {
        const target = match[1] ?? '';
        if (/^[a-z]+:/i.test(target)) continue; // http:, mailto:
        if (!existsSync(resolve(dirname(file), target)))
          broken.push(`${at(file, text, match.index ?? 0)} ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('never cite the design documents kept outside the repository', () => {
    const outside: string[] = [];
    for (const file of code) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?<![\w./-])(architecture|conventions)\.md/g)) {
        outside.push(`${at(file, text, match.index ?? 0)} ${match[0]}`);
      }
    }
    expect(outside).toEqual([]);
  });
});

describe('the docs index', () => {
  it('lists every page of docs/, and every decision record', () => {
    const index = readFileSync(join(ROOT, 'docs/README.md'), 'utf8');
    const pages = readdirSync(join(ROOT, 'docs')).filter(
      (name) => /\.(md|json)$/.test(name) && name !== 'README.md',
    );
    expect(pages.filter((name) => !index.includes(`](${name})`))).toEqual([]);
    const records = readFileSync(join(ROOT, 'docs/decisions/README.md'), 'utf8');
    const decisions = readdirSync(join(ROOT, 'docs/decisions')).filter((name) => /^\d{4}-.*\.md$/.test(name));
    expect(decisions.length).toBeGreaterThan(20);
    expect(decisions.filter((name) => !records.includes(`(${name})`))).toEqual([]);
  });
});

describe("the README's map", () => {
  it('names every module of the API', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const modules = readdirSync(join(ROOT, 'apps/api/src/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(modules.length).toBeGreaterThan(10);
    expect(modules.filter((name) => !readme.includes(`- \`${name}\`: `))).toEqual([]);
  });
});
