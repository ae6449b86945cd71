// A CD rip in one file per track (EAC's "multiple files" sheet): refused with the FILE lines it names,
// not as missing audio and times out of order.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyBatch } from './batch';
import { parseTrackText } from './credits';
import { parseCue } from './cue';

describe('a CUE sheet naming one audio file per track', () => {
  it('names the FILE lines it found and what a set needs', () => {
    const path = join(import.meta.dirname, 'fixtures', 'eac-multiple-files.cue');
    const problems: string[] = [];
    const batch = emptyBatch();
    parseCue(
      readFileSync(path, 'latin1'),
      { name: 'ne2.cue', path, parseTrack: (text) => parseTrackText(text) },
      batch,
      problems,
    );
    expect(batch.sets).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(
      "ne2.cue: this sheet names one audio file per track (4 FILE lines: line 7 '01 - Sasha & John Digweed - Moments (Original Mix).wav', " +
        "line 16 '02 - Pob - Eve Of The Future.wav', line 22 '03 - Orbital - Chime (Heliotropic Mix).wav', " +
        "line 27 '04 - Mantra - Skin Up (Dub).wav'), each TRACK's INDEX counting from the start of its own file",
    );
    expect(problems[0]).toContain('join the files into one MP3 and give a sheet with one FILE line');
  });

  it('still reads a rekordbox sheet whose TRACKs name the tracks played', () => {
    const path = join(import.meta.dirname, 'fixtures', 'rekordbox-recording.cue');
    const problems: string[] = [];
    const batch = emptyBatch();
    parseCue(
      readFileSync(path, 'utf8'),
      { name: 'r.cue', path, parseTrack: (t) => parseTrackText(t) },
      batch,
      problems,
    );
    expect(problems).toEqual([]);
    expect(batch.sets).toHaveLength(1);
  });
});
