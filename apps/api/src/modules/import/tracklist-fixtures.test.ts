// Pasted tracklists in the styles of 1001Tracklists and YouTube descriptions and comments
// (fixtures/*.txt), imported with an MP3 beside them and read back as a listener sees the set.

import { copyFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useImportBed } from '../../test/import-bed';
import { writeMp3, writeText } from '../../test/import-fixtures';
import { likeMoment } from '../../test/player';
import { query } from '../../test/sql';
import { readTrackLine } from './tracklist-lines';

const bed = useImportBed('cratedig-tracklist-fixtures-');

type Row = {
  start_time: number;
  end_time: number;
  track_meta: { artist: string; title: string; mix_type: string; label_name: string | null };
};

async function importFixture(name: string, seconds: number) {
  copyFileSync(join(import.meta.dirname, 'fixtures', name), join(bed.dir, name));
  const audio = join(bed.dir, name.replace(/\.txt$/, '.mp3'));
  writeMp3(audio, seconds);
  const fileDate = new Date('2025-02-03T12:00:00Z');
  utimesSync(audio, fileDate, fileDate);
  const result = await bed.run([name]);
  expect(result.err).toEqual([]);
  const { summary, detail } = await bed.importedSet();
  const rows = detail.set_tracks.map(
    (st: Row) =>
      `${st.start_time}-${st.end_time} ${st.track_meta.artist} | ${st.track_meta.title} | ${st.track_meta.mix_type} | ${st.track_meta.label_name ?? '-'}`,
  );
  return { summary, rows };
}

describe('pasted tracklists as the sites write them', () => {
  it('1001Tracklists: [mm:ss], a w/ line played with the track before, [LABEL], ID - ID and Artist - ID', async () => {
    const { summary, rows } = await importFixture('1001tracklists.txt', 900);
    expect(summary).toMatchObject({
      set_name: 'Awakenings Summer Closing',
      genre: 'Techno (Peak Time / Driving)',
    });
    expect(rows).toEqual([
      '0-225 Amelie Lens | Hypnotized | original_mix | LENSKE',
      '225-440 Farrago | Pulse Of The Earth | remix | SECOND STATE',
      '225-440 Charlotte de Witte | Selected Acapella | original_mix | KNTXT',
      '440-605 ID | ID | ID | -',
      '605-750 Enrico Sangiuliano | ID | ID | -',
      '750-900 VTSS & Amelie Lens | Body Of Light | original_mix | LENSKE',
    ]);
  });

  it('1001Tracklists as copied from the site: the set named by its title line, Artist @ Event, Place Date', async () => {
    const { summary, rows } = await importFixture('1001tracklists-title-line.txt', 900);
    expect(summary).toMatchObject({
      set_name: 'Awakenings Summer Festival 2024 (Area V), Spaarnwoude, Netherlands',
      artist: 'Amelie Lens',
      release_date: '2024-07-14',
    });
    expect(rows).toHaveLength(6);
    expect(rows[0]).toBe('0-225 Amelie Lens | Hypnotized | original_mix | LENSKE');
  });

  it('YouTube description: 0:14 | …, 00:14 - …, mm.ss; no date, so the audio file date', async () => {
    const { summary, rows } = await importFixture('youtube-description.txt', 840);
    expect(summary).toMatchObject({
      set_name: 'Deep Sessions 42',
      release_date: '2025-02-03',
      genre: 'Deep House',
    });
    expect(rows).toEqual([
      '0-194 Kerri Chandler | Rain | original_mix | -',
      '194-400 Moodymann | Shades Of Jae | original_mix | -',
      '400-605 Larry Heard | Can You Feel It | original_mix | -',
      '605-840 Fred P | Mysteries Of Love | original_mix | -',
    ]);
  });

  it('YouTube comment: numbered, the time at the end of the line, bare or in brackets', async () => {
    const { rows } = await importFixture('youtube-comment-times-at-end.txt', 900);
    expect(rows).toEqual([
      '0-250 Purple Disco Machine | Hypnotized | original_mix | -',
      "250-482 Folamour | Ain't No Sunshine | original_mix | -",
      '482-705 Harvey Sutherland | Bermuda | original_mix | -',
      '705-900 ID | ID | ID | -',
    ]);
  });

  it('an untimed numbered list: entries in order, each untimed and spanning the set', async () => {
    const { summary, rows } = await importFixture('numbered-untimed.txt', 600);
    expect(summary).toMatchObject({ set_name: 'Crate Night at Vesper', genre: 'Deep House', track_count: 6 });
    expect(rows).toEqual([
      '0-600 Kerri Chandler | Rain | original_mix | -',
      '0-600 Moodymanc feat. Lyra Jane | Set It Free | original_mix | -',
      '0-600 Ada Holm | Lantern | original_mix | Nightwalk',
      '0-600 Ben Roe & Tamsin Vey | Drift | remix | -',
      '0-600 Ben Roe | Drift (Acapella) | original_mix | -',
      '0-600 ID | ID | ID | -',
    ]);
    const detail = (
      await bed.app.inject({ method: 'GET', url: `/api/sets/${summary.id}`, headers: bed.user.headers })
    ).json();
    expect(detail.set_tracks.map((st: { untimed?: boolean }) => st.untimed)).toEqual(Array(6).fill(true));
    // a moment liked while it plays lights no entry: none says where it plays
    const liked = await likeMoment(bed.app, bed.user, summary.id, 120);
    expect(liked.statusCode).toBeLessThan(300);
    const after = (
      await bed.app.inject({ method: 'GET', url: `/api/sets/${summary.id}`, headers: bed.user.headers })
    ).json();
    expect(after.likes).toBe(1);
    expect(after.set_tracks.map((st: { likes: number }) => st.likes)).toEqual(Array(6).fill(0));
  });

  it('a list copied from numbered file names: the numbers taken off, an artist named by a number kept', async () => {
    const { summary, rows } = await importFixture('numbered-file-names.txt', 900);
    expect(summary).toMatchObject({ set_name: 'Sunday Selections 14', track_count: 5 });
    expect(rows).toEqual([
      '0-900 Flying Lotus Feat. Thom Yorke | Electric Candyman | original_mix | -',
      '0-900 808 State | Pacific State | original_mix | -',
      '0-900 Bonobo | Kerala | original_mix | -',
      "0-900 2 Many DJ's | Peter Gunn vs. Emerge | original_mix | -",
      '0-900 Four Tet | Baby | original_mix | -',
    ]);
    const names = await query<{ name: string }>(bed.app, sql`select name from artists order by name`);
    expect(names.map((a) => a.name)).toEqual([
      "2 Many DJ's",
      '808 State',
      'Bonobo',
      'Flying Lotus',
      'Four Tet',
      'Mara Voss',
      'Thom Yorke',
    ]);
  });

  it('refuses a list with times on some lines only, and names a w/ line with nothing before it', async () => {
    writeMp3(join(bed.dir, 'u.mp3'), 300);
    writeText(
      join(bed.dir, 'u.txt'),
      'Title: U\nArtist: A\nGenre: House\nDate: 2024\n\nw/ A - B\n0:00 A - Zero\n1. A - One\n',
    );
    const result = await bed.run(['u.txt']);
    expect(result.code).toBe(1);
    expect(result.err.join('\n')).toMatch(/u\.txt: line 6: a 'w\/' line needs a track before it/);
    expect(result.err.join('\n')).toMatch(
      /u\.txt: line 8: 'A - One' has no time, while other lines have one/,
    );
  });

  it.each([
    ['[1:02:03] A - B', 3723],
    ['0:14 | A - B', 14],
    ['00:14 - A - B', 14],
    ['12.34 A - B', 754],
    ['01. 02:10 A - B', 130],
    ['A - B 1:02:03', 3723],
    ['A - B (4:10)', 250],
  ])('reads the time of %s', (line, start) => {
    expect(readTrackLine(line)?.start).toBe(start);
  });
});
