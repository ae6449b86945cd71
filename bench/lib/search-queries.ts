// The search benchmark's query mix, taken from the catalogue's own names: full names of each kind,
// 1–3 letter prefixes, one-typo names (a letter missing, swapped or extra), accent-free names, venue
// and festival names, "<remixer> remix", single title words that match thousands of tracks, and
// genres (each genre's name, its words, and a few as typed: "tecno", "deep house").
import { GENRES } from '@cratedig/contract/constants';
import type pg from 'pg';

const GENRES_AS_TYPED = ['tecno', 'techno house', 'deep', 'melodic techno', 'afro', 'disco', 'hard techno'];

export interface BenchQuery {
  group: string;
  s: string;
}

/** Deterministic typos of a name: drops, swaps or doubles a letter of its longest word. */
function typo(name: string, n: number): string {
  const words = name.split(' ');
  const i = words.reduce((best, w, k) => (w.length > (words[best]?.length ?? 0) ? k : best), 0);
  const w = words[i] ?? '';
  if (w.length < 5) return name;
  const at = 1 + (n % (w.length - 2));
  const kinds = [
    w.slice(0, at) + w.slice(at + 1),
    w.slice(0, at) + (w[at + 1] ?? '') + (w[at] ?? '') + w.slice(at + 2),
    w.slice(0, at) + (w[at] ?? '') + w.slice(at),
  ];
  words[i] = kinds[n % 3] ?? w;
  return words.join(' ');
}

const stripAccents = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '');

export async function searchQueryMix(pool: pg.Pool, perGroup: number): Promise<BenchQuery[]> {
  const names = async (query: string) => (await pool.query<{ n: string }>(query)).rows.map((r) => r.n);
  const every = (table: string, column: string, where = 'true') =>
    names(`select ${column} as n from ${table} where ${where} order by id limit ${perGroup} offset 0`).then(
      async (first) =>
        first.length < perGroup
          ? first
          : names(
              `select ${column} as n from (select ${column}, id, row_number() over (order by id) as r from ${table} where ${where}) q
               where r % greatest(1, (select count(*) from ${table}) / ${perGroup})::int = 0 order by id limit ${perGroup}`,
            ),
    );
  const artists = await every('artists', 'name');
  const labels = await every('labels', 'name');
  const tracks = await every('tracks', 'title');
  const sets = await every('sets', 'set_name');
  const venues = await every('venues', 'name');
  const festivals = await every('festivals', 'name');
  const remixers = await names(
    `select a.name as n from artists a where a.remix_count > 0 order by a.id limit ${perGroup}`,
  );
  const accented = await names(
    `select name as n from artists where name <> unaccent(name) order by id limit ${perGroup}`,
  );
  const common = await names(
    `select w as n from (select unnest(string_to_array(lower(title), ' ')) as w from tracks where id % 97 = 0) q
     group by w order by count(*) desc limit ${perGroup}`,
  );
  const mix: BenchQuery[] = [
    ...artists.map((s) => ({ group: 'artist name', s })),
    ...labels.map((s) => ({ group: 'label name', s })),
    ...tracks.map((s) => ({ group: 'track title', s })),
    ...sets.map((s) => ({ group: 'set name', s })),
    ...[...artists, ...tracks].map((s, i) => ({ group: 'prefix 1-3', s: s.slice(0, 1 + (i % 3)) })),
    ...[...artists, ...labels].map((s, i) => ({ group: 'one typo', s: typo(s, i) })),
    ...accented.map((s) => ({ group: 'accent-free', s: stripAccents(s).toLowerCase() })),
    ...[...venues, ...festivals].map((s) => ({ group: 'venue/festival', s })),
    ...remixers.map((s) => ({ group: 'X remix', s: `${s} remix` })),
    ...common.map((s) => ({ group: 'common word', s })),
    ...[...GENRES, ...GENRES.flatMap((g) => g.toLowerCase().split(/[^a-z]+/)), ...GENRES_AS_TYPED]
      .filter((s) => s.length > 2)
      .slice(0, Math.max(perGroup, 20))
      .map((s) => ({ group: 'genre', s })),
  ];
  return mix.filter((q) => q.s.trim().length > 0);
}

/**
 * Queries as listeners type them, `total` distinct (fewer when the names run out): names drawn from a
 * 2 % sample of each kind's table (artists, labels, tracks, sets, festivals, venues; the same sample on
 * every run), lower-cased, then 40 % the whole name, 20 % the name with two neighbouring letters swapped
 * in each word of six letters or more, 20 % its first 2–7 letters, 10 % its first word and a genre
 * ("noman deep house"), 10 % its last word. The mix of the outside load the search is checked with
 * (bench/README.md "Search under listeners' load").
 */
export async function listenersQueryMix(pool: pg.Pool, total: number): Promise<BenchQuery[]> {
  const names: string[] = [];
  for (const [table, column] of [
    ['artists', 'name'],
    ['labels', 'name'],
    ['tracks', 'title'],
    ['sets', 'set_name'],
    ['festivals', 'name'],
    ['venues', 'name'],
  ] as const) {
    const { rows } = await pool.query<{ n: string | null }>(
      `select ${column} as n from ${table} tablesample system (2) repeatable (7) limit 1500`,
    );
    names.push(...rows.flatMap((r) => (r.n ? [r.n] : [])));
  }
  const genres = (await pool.query<{ name: string }>('select name from genres order by name')).rows.map((r) =>
    r.name.toLowerCase(),
  );
  if (names.length === 0) return [];
  let seed = 7;
  const pick = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const swapped = (w: string) => {
    if (w.length < 6) return w;
    const i = 1 + pick(w.length - 2);
    return w.slice(0, i) + (w[i + 1] ?? '') + (w[i] ?? '') + w.slice(i + 2);
  };
  const seen = new Set<string>();
  const mix: BenchQuery[] = [];
  for (let i = 0; mix.length < total && i < total * 20; i++) {
    const name = (names[pick(names.length)] ?? '').toLowerCase();
    const words = name.split(/\s+/);
    const kind = pick(10);
    const [group, s] =
      kind < 4
        ? ['whole name', name]
        : kind < 6
          ? ['letters swapped', words.map(swapped).join(' ')]
          : kind < 8
            ? ['prefix 2-7', name.slice(0, 2 + pick(Math.max(1, Math.min(6, name.length - 2))))]
            : kind < 9
              ? ['first word + genre', `${words[0]} ${genres[pick(Math.max(1, genres.length))] ?? ''}`]
              : ['last word', words[words.length - 1] ?? ''];
    const q = s.trim();
    if (q && !seen.has(q)) {
      seen.add(q);
      mix.push({ group, s: q });
    }
  }
  return mix;
}
