// CUE sheets in the styles the tools DJs use really write (fixtures/): rekordbox recordings in
// hh:mm:ss with per-track FILE lines and Windows or macOS paths, Mixxx, Traktor and Serato helpers,
// foobar2000, EAC in Windows-1252, CUE editors in UTF-16 with and without a byte-order mark. Each is
// imported with an MP3 of the length its recording had, and read back as a listener sees it.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useImportBed } from '../../test/import-bed';
import { writeMp3, writeText } from '../../test/import-fixtures';

const bed = useImportBed('cratedig-cue-fixtures-');

interface Expected {
  sheet: string;
  /** The MP3 the operator has beside the sheet, and its length in seconds. */
  audio: [string, number];
  args?: string[];
  set: { set_name: string; artist: string; genre: string; release_date: string };
  starts: number[];
  /** 'artist | title | mix type | remixer' of each track. */
  tracks: string[];
}

const FIXTURES: Expected[] = [
  {
    sheet: 'rekordbox-recording.cue',
    audio: ['REC-2024-06-10_2014.mp3', 900],
    args: ['--genre', 'Progressive House'],
    set: {
      set_name: 'Sunset Terrace 2024-06-10',
      artist: 'Maya Lind',
      genre: 'Progressive House',
      release_date: '2024-06-10',
    },
    starts: [0, 192, 400, 545, 740],
    tracks: [
      'Yotto | The One You Left Behind | original_mix | -',
      'Ben Böhmer, Nils Hoffmann | Breathing | remix | Yotto',
      'VE/RA | Hold On | original_mix | Intro Mix',
      'Kasablanca | Your Body | edit | Restricted Edit',
      'Lane 8 | Road | original_mix | Progressive Mix',
    ],
  },
  {
    sheet: 'rekordbox-macos.cue',
    audio: ['Warehouse Closing.mp3', 840],
    args: ['--genre', 'techno'],
    set: {
      set_name: 'Warehouse Closing',
      artist: 'Tomas Verde',
      genre: 'Techno',
      release_date: '2023-11-02',
    },
    starts: [0, 270, 490, 660],
    tracks: [
      'Nathan Fake | Sky Was Pink | remix | Holden',
      'Marcel Dettmann | Seduction | edit | Len Faki',
      'ID | ID | ID | -',
      'Block & Crown | Falling | remix | Laolu',
    ],
  },
  {
    sheet: 'mixxx-recording.cue',
    audio: ['Kitchen Session 12.mp3', 900],
    args: ['--genre', 'Melodic House & Techno'],
    set: {
      set_name: 'Kitchen Session #12',
      artist: 'Juno Park',
      genre: 'Melodic House & Techno',
      release_date: '2023-03-04',
    },
    starts: [0, 221, 436, 662],
    tracks: [
      'Mind Against | Pulsar | original_mix | -',
      'Boris Brejcha | Purple Noise | remix | Tale Of Us',
      'Jos & Eli | Anywhere | remix | -',
      'Adriatique | Lost Control | original_mix | Dub',
    ],
  },
  {
    sheet: 'traktor.cue',
    audio: ['Rooftop Warmup.mp3', 780],
    set: { set_name: 'Rooftop Warmup', artist: 'Rosa Kemp', genre: 'Tech House', release_date: '2022-09-17' },
    starts: [0, 179, 370, 573],
    tracks: [
      'Chris Lake & Cloonee | Nowhere | original_mix | -',
      'Fisher | Losing It | edit | Radio Edit',
      'Rosa Kemp | Warmup Tool | original_mix | -',
      'Mau P | Drugs From Amsterdam | original_mix | VIP Mix',
    ],
  },
  {
    sheet: 'serato.cue',
    audio: ['Serato Recording 2022-08-20.mp3', 960],
    set: { set_name: 'Beach Bar Sunday', artist: 'DJ Sol', genre: 'House', release_date: '2022-08-20' },
    starts: [0, 245, 500, 720],
    tracks: [
      'Kerri Chandler | Rain | original_mix | -',
      'Honey Dijon feat. Annie Mac | Downtown | remix | Dimitri From Paris',
      "Folamour | Ain't No Sunshine | original_mix | Dub Mix",
      'Floorplan | Never Grow Old | edit | Re-Edit',
    ],
  },
  {
    sheet: 'foobar.cue',
    audio: ['Radio Show 214.mp3', 840],
    set: { set_name: 'Radio Show 214', artist: 'Anja Norr', genre: 'Electronic', release_date: '2019-01-01' },
    starts: [0, 90, 313, 600],
    tracks: [
      'Anja Norr | Intro | original_mix | -',
      'Moderat | A New Error | original_mix | Day Mix',
      'Bonobo | Kerala | remix | Dixon',
      'Four Tet | Baby | original_mix | Outro Mix',
    ],
  },
  {
    sheet: 'eac-windows-1252.cue',
    audio: ['Café Séance Live.mp3', 720],
    set: {
      set_name: 'Café Séance Live',
      artist: 'Âme',
      genre: 'Melodic House & Techno',
      release_date: '2021-01-01',
    },
    starts: [0, 290, 560],
    tracks: [
      'Âme | Rej | edit | Dixon',
      'Rødhåd | Ólafur | edit | Âme',
      'Stephan Bodzin | Negative Space | original_mix | Instrumental',
    ],
  },
  {
    sheet: 'cue-editor-utf16le.cue',
    audio: ['mix.mp3', 700],
    set: {
      set_name: 'Lockdown Stream 7',
      artist: 'Lena Ortiz',
      genre: 'Deep House',
      release_date: '2020-05-12',
    },
    starts: [0, 200, 460],
    tracks: [
      'Kerri Chandler | Tender Love | original_mix | -',
      'Oliver Heldens x Becky Hill | Gecko (Overdrive) | original_mix | Club Mix',
      'Palms Trax | Bonfire | edit | Bootleg',
    ],
  },
  {
    sheet: 'cue-editor-utf16be-bom.cue',
    audio: ['mix.mp3', 700],
    set: {
      set_name: 'Lockdown Stream 8',
      artist: 'Lena Ortiz',
      genre: 'Deep House',
      release_date: '2020-05-12',
    },
    starts: [0, 200, 460],
    tracks: [
      'Kerri Chandler | Tender Love | original_mix | -',
      'Oliver Heldens x Becky Hill | Gecko (Overdrive) | original_mix | Club Mix',
      'Palms Trax | Bonfire | edit | Bootleg',
    ],
  },
];

describe('CUE sheets as the tools write them', () => {
  it.each(FIXTURES)('$sheet imports with its times and credits', async (fixture) => {
    copyFileSync(join(import.meta.dirname, 'fixtures', fixture.sheet), join(bed.dir, fixture.sheet));
    writeMp3(join(bed.dir, fixture.audio[0]), fixture.audio[1]);
    const result = await bed.run([...(fixture.args ?? []), fixture.sheet]);
    expect(result.err).toEqual([]);
    expect(result.code).toBe(0);
    const { summary, detail } = await bed.importedSet();
    expect(summary).toMatchObject(fixture.set);
    type Row = {
      start_time: number;
      track_meta: { artist: string; title: string; mix_type: string; mix_meta?: { name: string } | null };
    };
    expect(detail.set_tracks.map((st: Row) => st.start_time)).toEqual(fixture.starts);
    expect(
      detail.set_tracks.map(
        (st: Row) =>
          `${st.track_meta.artist} | ${st.track_meta.title} | ${st.track_meta.mix_type} | ${st.track_meta.mix_meta?.name ?? '-'}`,
      ),
    ).toEqual(fixture.tracks);
  });

  it('refuses a sheet whose INDEX times fit the audio both as frames and as hh:mm:ss, and takes --cue-index', async () => {
    writeMp3(join(bed.dir, 'short.mp3'), 600);
    const sheet = (n: number) =>
      `REM GENRE Techno\nREM DATE 2024\nTITLE "Short ${n}"\nPERFORMER "A"\nFILE "short.mp3" MP3\n` +
      '  TRACK 01 AUDIO\n    TITLE "A - One"\n    INDEX 01 00:00:00\n' +
      '  TRACK 02 AUDIO\n    TITLE "A - Two"\n    INDEX 01 00:00:10\n';
    writeText(join(bed.dir, 'short.cue'), sheet(1));
    const refused = await bed.run(['short.cue']);
    expect(refused.code).toBe(1);
    expect(refused.err.join('\n')).toMatch(
      /short\.cue: the INDEX times read both as minutes:seconds:frames .* give --cue-index frames or --cue-index hms/,
    );
    const taken = await bed.run(['--cue-index', 'hms', 'short.cue']);
    expect(taken.err).toEqual([]);
    const { detail } = await bed.importedSet();
    expect(detail.set_tracks.map((st: { start_time: number }) => st.start_time)).toEqual([0, 10]);
  });

  it('says which recording is missing when every TRACK names the track played, and lists every problem', async () => {
    writeText(
      join(bed.dir, 'rec.cue'),
      'REM DATE 2024-13-01\nTITLE "Rec"\nPERFORMER "A"\n  TRACK 01 AUDIO\n    TITLE "A - One"\n    FILE "C:\\\\m\\\\one.mp3" WAVE\n    INDEX 01 00:00:00\n' +
        '  TRACK 02 AUDIO\n    TITLE "A - Two"\n    FILE "C:\\\\m\\\\two.mp3" WAVE\n    INDEX 01 00:01:00\n',
    );
    const result = await bed.run(['--dry-run', 'rec.cue']);
    expect(result.code).toBe(1);
    const err = result.err.join('\n');
    expect(err).toMatch(
      /rec\.cue: no FILE names the recording .* put the recording beside the sheet as rec\.mp3/,
    );
    expect(err).toMatch(/rec\.cue: line 1: '2024-13-01' is not a date/);
    expect(err).not.toMatch(/ends at \?/);
  });

  it('a dry run names every artist and label it would create', async () => {
    copyFileSync(join(import.meta.dirname, 'fixtures', 'rekordbox-macos.cue'), join(bed.dir, 'w.cue'));
    writeMp3(join(bed.dir, 'Warehouse Closing.mp3'), 840);
    const result = await bed.run(['--dry-run', '--genre', 'Techno', 'w.cue']);
    expect(result.err).toEqual([]);
    expect(result.out).toContain(
      "new artists (8): 'Tomas Verde', 'Nathan Fake', 'Holden', 'Marcel Dettmann', 'Len Faki', 'Block', 'Crown', 'Laolu'",
    );
  });
});
