import { beforeEach, describe, expect, it } from 'vitest';
import { useImportBed } from '../../test/import-bed';
import { writeMp3, writeText } from '../../test/import-fixtures';

const bed = useImportBed('cratedig-no-genre-');
const get = async (url: string) =>
  (await bed.app.inject({ method: 'GET', url, headers: bed.user.headers })).json();
type Item = { id: number; set_name: string; genre: string | null };
const names = (page: { data: Item[] }) => page.data.map((s) => s.set_name);

/** A tracklist by Nora Vale, with `genre` in its header when given. */
function writeSet(name: string, genre?: string): void {
  const lines = [`Title: ${name}`, 'Artist: Nora Vale', 'Date: 2024-03-02'];
  if (genre) lines.push(`Genre: ${genre}`);
  lines.push('', '00:00 Ada Holm - First Light', '01:00 Ben Roe - Second Wind');
  writeText(`${bed.dir}/${name}.txt`, lines.join('\n'));
  writeMp3(`${bed.dir}/${name}.mp3`, 150);
}

describe('a set imported without a genre', () => {
  beforeEach(async () => {
    writeSet('Afterhours', 'Techno');
    writeSet('Basement', undefined);
    writeSet('Closing', 'House');
    const result = await bed.run(['Afterhours.txt', 'Basement.txt', 'Closing.txt']);
    expect(result.err).toEqual([]);
  });

  it('is listed, and its detail answers genre null', async () => {
    const list = await get('/api/sets?order_by=set_meta.set_name&order_direction=asc');
    expect(list.data.map((s: Item) => [s.set_name, s.genre])).toEqual([
      ['Afterhours', 'Techno'],
      ['Basement', null],
      ['Closing', 'House'],
    ]);
    const basement = list.data.find((s: Item) => s.set_name === 'Basement');
    const detail = await get(`/api/sets/${basement.id}`);
    expect(detail.genre).toBeNull();
    expect(detail.set_tracks).toHaveLength(2);
  });

  it('sorts last by genre in both directions', async () => {
    for (const url of [
      '/api/sets',
      `/api/artists/${(await get('/api/artists?search=nora')).data[0].id}/sets`,
    ]) {
      const sep = url.includes('?') ? '&' : '?';
      expect(names(await get(`${url}${sep}order_by=set_meta.genre&order_direction=asc`))).toEqual([
        'Closing',
        'Afterhours',
        'Basement',
      ]);
      expect(names(await get(`${url}${sep}order_by=set_meta.genre&order_direction=desc`))).toEqual([
        'Afterhours',
        'Closing',
        'Basement',
      ]);
    }
  });

  it('pages through a genre sort with the genre-less set on the last page', async () => {
    const first = await get('/api/sets?order_by=set_meta.genre&order_direction=desc&limit=2');
    expect(names(first)).toEqual(['Afterhours', 'Closing']);
    const second = await get('/api/sets?order_by=set_meta.genre&order_direction=desc&limit=2&offset=2');
    expect(names(second)).toEqual(['Basement']);
    expect(second.pagination.total).toBe(3);
  });

  it('is left out by a genre filter and counted in the whole list', async () => {
    const techno = await get('/api/sets?genre=Techno');
    expect(names(techno)).toEqual(['Afterhours']);
    expect(techno.pagination.total).toBe(1);
    expect((await get('/api/sets')).pagination.total).toBe(3);
  });
});

describe('a genre the catalogue does not have', () => {
  it('imports the sheet without a genre and says so; a misspelt one of ours is still refused', async () => {
    writeText(
      `${bed.dir}/Northern Exposure.cue`,
      [
        'REM GENRE "Alternative"',
        'REM DATE 1997',
        'REM DISCID 8F0B6E0B',
        'REM COMMENT "ExactAudioCopy v0.99pb4"',
        'PERFORMER "Sasha & John Digweed"',
        'TITLE "Northern Exposure"',
        'FILE "Northern Exposure.wav" WAVE',
        '  TRACK 01 AUDIO',
        '    TITLE "Dubs Moving (Gatecrasher Mix)"',
        '    PERFORMER "Spooky"',
        '    INDEX 01 00:00:00',
        '  TRACK 02 AUDIO',
        '    TITLE "Schöneberg"',
        '    PERFORMER "Marmion"',
        '    INDEX 01 01:10:00',
      ].join('\r\n'),
    );
    writeMp3(`${bed.dir}/Northern Exposure.mp3`, 150);
    writeSet('Basement', undefined);
    const result = await bed.run(['Northern Exposure.cue', 'Basement.txt']);
    expect(result.err).toEqual([]);
    expect(result.out).toContain(
      "Northern Exposure.cue: line 1: genre 'Alternative' is not one of the catalogue's: imported without a genre (give one with --genre)",
    );
    expect(result.out).toContain('Basement.txt: no genre: imported without a genre (give one with --genre)');
    const list = await get('/api/sets?order_by=set_meta.set_name&order_direction=asc');
    expect(list.data.map((s: Item) => [s.set_name, s.genre])).toEqual([
      ['Basement', null],
      ['Northern Exposure', null],
    ]);

    writeSet('Typo', 'Tehcno');
    const typo = await bed.run(['Typo.txt']);
    expect(typo.code).toBe(1);
    expect(typo.err.join('\n')).toContain("Typo.txt: line 4: unknown genre 'Tehcno' (did you mean 'Techno'?");
  });
});
