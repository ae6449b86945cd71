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
