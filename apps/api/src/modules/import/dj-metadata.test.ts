// DJ software's playlist exports beside a recording (fixtures/*.nml, *.xml): read as the software
// wrote them, and preferred to the sheet's or list's own text when a line's title matches.
import { copyFileSync, readFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useImportBed } from '../../test/import-bed';
import { writeMp3, writeText } from '../../test/import-fixtures';
import { readNml, readRekordboxXml } from './dj-metadata';

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);

describe('reading the exports', () => {
  it("Traktor's NML: the history playlist's tracks with label, remixer, BPM, key and start", () => {
    const tracks = readNml(readFileSync(fixture('traktor-history.nml'), 'utf8'));
    expect(tracks.map((t) => [t.artist, t.title, t.remixer, t.label, t.bpm, t.key, t.startedAt])).toEqual([
      ['Ruin & Rebirth', 'Kiln (Extended Mix)', null, 'Oxide Tapes', 132, '4A', 79260],
      ['Solace Bay', 'Tides', 'Vantablue', 'Stillwater', 131, 'A min', 79512],
      ['Mira Kalt feat. Osei', 'Ember', null, 'Oxide Tapes', 133, null, 79785],
      ['', 'untitled 7', null, null, null, null, 80010],
    ]);
  });

  it("rekordbox's XML: the first playlist that lists tracks, with Mix and Remixer as a bracket", () => {
    const tracks = readRekordboxXml(readFileSync(fixture('rekordbox-playlist.xml'), 'utf8'));
    expect(tracks.map((t) => [t.artist, t.title, t.label, t.bpm, t.key])).toEqual([
      ['Corvo', 'Salt Line (Original Mix)', 'Northlight', 122, 'Fm'],
      ['Nadia Reyes', 'Lumen (Halvard Extended Remix)', 'Aurora & Ash', 123, 'Am'],
      ['Fenn & Lowe', 'Arcadia', null, 124, 'Dm'],
      ['Tove Arn', 'Spare Tool', null, 124, null],
    ]);
  });
});

const bed = useImportBed('cratedig-dj-metadata-');

type Row = {
  start_time: number;
  track_meta: {
    artist: string;
    title: string;
    mix_type: string;
    label_name: string | null;
    bpm: number | null;
    key: string | null;
    mix_meta?: { name: string } | null;
  };
};

const CASES = [
  {
    source: 'traktor-history.cue',
    beside: 'traktor-history.nml',
    audio: ['Harbour Lights Closing.mp3', 1000] as const,
    set: { set_name: 'Harbour Lights Closing', artist: 'Ilse Moren', genre: null },
    rows: [
      '0 Ruin & Rebirth | Kiln | original_mix | - | Oxide Tapes | 132 | 4A',
      '252 Solace Bay | Tides | remix | Vantablue | Stillwater | 131 | A min',
      '525 Mira Kalt feat. Osei | Ember | original_mix | - | Oxide Tapes | 133 | -',
      '750 ID | ID | ID | - | - | - | -',
    ],
    newArtists:
      "new artists (7): 'Ilse Moren', 'Ruin', 'Rebirth', 'Solace Bay', 'Vantablue', 'Mira Kalt', 'Osei'",
  },
  {
    source: 'rekordbox-playlist.txt',
    beside: 'rekordbox-playlist.xml',
    audio: ['rekordbox-playlist.mp3', 1200] as const,
    set: { set_name: 'Dawn Shift at Kessel', artist: 'Tove Arn', genre: null },
    rows: [
      '0 Corvo | Salt Line | original_mix | - | Northlight | 122 | Fm',
      '340 Nadia Reyes | Lumen | remix | Halvard | Aurora & Ash | 123 | Am',
      '665 Fenn & Lowe | Arcadia | original_mix | - | - | 124 | Dm',
      '990 Kessler Twins | Glass Hour | original_mix | - | - | - | -',
    ],
    newArtists:
      "new artists (7): 'Tove Arn', 'Corvo', 'Nadia Reyes', 'Halvard', 'Fenn', 'Lowe', 'Kessler Twins'",
  },
];

describe('an export beside the recording', () => {
  it.each(CASES)('$beside gives the tracks of $source', async (c) => {
    copyFileSync(fixture(c.source), join(bed.dir, c.source));
    copyFileSync(fixture(c.beside), join(bed.dir, c.beside));
    writeMp3(join(bed.dir, c.audio[0]), c.audio[1]);
    const fileDate = new Date('2024-03-09T23:00:00Z');
    utimesSync(join(bed.dir, c.audio[0]), fileDate, fileDate);
    const dry = await bed.run(['--dry-run', c.source]);
    expect(dry.err).toEqual([]);
    expect(dry.out).toContain(c.newArtists);
    const result = await bed.run([c.source]);
    expect(result.err).toEqual([]);
    const { summary, detail } = await bed.importedSet();
    expect(summary).toMatchObject(c.set);
    expect(
      detail.set_tracks.map(
        ({ start_time: at, track_meta: t }: Row) =>
          `${at} ${t.artist} | ${t.title} | ${t.mix_type} | ${t.mix_meta?.name ?? '-'} | ${t.label_name ?? '-'} | ${t.bpm ?? '-'} | ${t.key ?? '-'}`,
      ),
    ).toEqual(c.rows);
  });
});

describe("a list without times beside Traktor's history", () => {
  const list = (lines: string[]) =>
    ['Title: Harbour Lights Untimed', 'Artist: Ilse Moren', '', ...lines, ''].join('\n');
  const rowsOf = async () => {
    const { detail } = await bed.importedSet();
    return detail.set_tracks.map(
      (st: Row & { end_time: number; untimed?: true }) =>
        `${st.start_time}-${st.end_time}${st.untimed ? ' untimed' : ''} ${st.track_meta.title}`,
    );
  };
  const importList = async (lines: string[]) => {
    writeText(join(bed.dir, 'harbour.txt'), list(lines));
    copyFileSync(fixture('traktor-history.nml'), join(bed.dir, 'harbour.nml'));
    writeMp3(join(bed.dir, 'harbour.mp3'), 1000);
    const result = await bed.run(['harbour.txt']);
    expect(result.err).toEqual([]);
  };

  it('takes the times the history started each track at, counted from the first', async () => {
    await importList([
      '1. Ruin & Rebirth - Kiln',
      '2. Solace Bay - Tides',
      '3. Mira Kalt ft Osei - Ember',
      '4. ID - ID',
    ]);
    expect(await rowsOf()).toEqual(['0-252 Kiln', '252-525 Tides', '525-750 Ember', '750-1000 ID']);
  });

  it('stays untimed when the list and the history disagree on what played where', async () => {
    await importList(['Solace Bay - Tides', 'Ruin & Rebirth - Kiln', 'Mira Kalt ft Osei - Ember', 'ID - ID']);
    expect(await rowsOf()).toEqual([
      '0-1000 untimed Tides',
      '0-1000 untimed Kiln',
      '0-1000 untimed Ember',
      '0-1000 untimed ID',
    ]);
  });
});
