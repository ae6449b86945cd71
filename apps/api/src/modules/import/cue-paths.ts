// Which file is the recording a CUE sheet describes, and where it is on this machine. Sheets name it as
// the writing machine saw it: relative ('mix.mp3', 'sub\mix.mp3'), or absolute on Windows
// ('C:\Users\dj\Music\REC.wav') or macOS ('/Users/dj/Music/REC.wav'), often as the WAV the software
// recorded while the operator has the MP3 made from it. The file is looked for as written, then by its
// name beside the sheet, then as an MP3 of the same name, then as the MP3 named like the sheet.
import { existsSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, resolve } from 'node:path';

export interface Recording {
  path: string;
  /** The line of the FILE naming it, when it was a track's. */
  line?: number;
  /** A path the sheet writes (artwork), resolved the same way. */
  resolve: (written: string) => string;
}

const WINDOWS_ABSOLUTE = /^(?:[a-z]:[\\/]|\\\\)/i;

/** The base name of a path written on any system. */
function nameOf(written: string): string {
  return written.split(/[\\/]/).pop() ?? written;
}

/** Where a written path may be, most likely first. */
function candidates(folder: string, written: string): string[] {
  const asPosix = written.replace(/\\/g, '/');
  const out: string[] = [];
  if (!WINDOWS_ABSOLUTE.test(written)) out.push(isAbsolute(asPosix) ? asPosix : resolve(folder, asPosix));
  const name = nameOf(written);
  out.push(join(folder, name));
  const mp3 = `${basename(name, extname(name))}.mp3`;
  out.push(join(folder, mp3), join(folder, mp3.replace(/\.mp3$/, '.MP3')));
  return [...new Set(out)];
}

function locate(folder: string, written: string): string {
  const all = candidates(folder, written);
  return all.find((p) => existsSync(p)) ?? all[0] ?? resolve(folder, written);
}

/**
 * The recording: the FILE before the first TRACK; else the one file every TRACK names; else (each
 * TRACK names the track played, as rekordbox writes) the MP3 named like the sheet. A message when none.
 */
export function recordingOf(
  sheetPath: string,
  headFile: string | undefined,
  trackFiles: (string | undefined)[],
): Recording | string {
  const folder = dirname(sheetPath);
  const resolveIn = (written: string) => locate(folder, written);
  if (headFile) return { path: resolveIn(headFile), resolve: resolveIn };
  const named = [...new Set(trackFiles.filter((f): f is string => !!f).map((f) => f.trim()))];
  if (named.length === 1 && named[0]) return { path: resolveIn(named[0]), resolve: resolveIn };
  const beside = join(folder, `${basename(sheetPath, extname(sheetPath))}.mp3`);
  if (existsSync(beside)) return { path: beside, resolve: resolveIn };
  if (named.length === 0) return 'no FILE naming the audio';
  return (
    `no FILE names the recording (each TRACK names a different file, the tracks played): ` +
    `put the recording beside the sheet as ${basename(beside)}`
  );
}
