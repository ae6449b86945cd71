// Decodes a file's audio with Debian's ffmpeg into mono samples at the landmarks' rate, streamed in
// chunks. The file is read for what it is, never for its name: ffmpeg probes its content, may open no
// protocol but the local file itself (a playlist or a reference inside the file is refused, never
// followed), and may use only the demuxers of the audio formats Cratedig takes.
import { spawn } from 'node:child_process';
import { SAMPLE_RATE } from './peaks';

/** This audio cannot be read (not audio, missing, damaged): its set is marked failed with the reason. */
export class AudioUnreadable extends Error {
  override name = 'AudioUnreadable';
}

/** ffmpeg itself is missing: nothing can be read, so the job stops and leaves every set pending. */
export class FfmpegMissing extends Error {
  override name = 'FfmpegMissing';
}

/** Demuxers of MP3, WAV, FLAC, AIFF, M4A/AAC and Ogg/Opus: nothing else is probed. */
export const AUDIO_DEMUXERS = 'mp3,wav,w64,flac,aiff,mov,mp4,m4a,aac,ogg,matroska,webm';

export interface DecodeOptions {
  ffmpeg?: string;
  /** Stop after this many seconds of audio. */
  maxSeconds?: number;
  /** Start this many seconds in. */
  fromS?: number;
}

/**
 * Calls `onSamples` with the audio as mono float samples at SAMPLE_RATE, chunk by chunk; resolves
 * with the seconds decoded. Rejects with AudioUnreadable when no audio could be read.
 */
export function decodeAudio(
  file: string,
  onSamples: (samples: Float32Array) => void,
  opts: DecodeOptions = {},
): Promise<number> {
  const args = [
    '-nostdin',
    '-hide_banner',
    '-loglevel',
    'error',
    '-protocol_whitelist',
    'file',
    '-format_whitelist',
    AUDIO_DEMUXERS,
    ...(opts.fromS ? ['-ss', String(opts.fromS)] : []),
    '-i',
    `file:${file}`,
    ...(opts.maxSeconds ? ['-t', String(opts.maxSeconds)] : []),
    '-map',
    '0:a:0',
    '-vn',
    '-sn',
    '-dn',
    '-ac',
    '1',
    '-ar',
    String(SAMPLE_RATE),
    '-f',
    's16le',
    'pipe:1',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(opts.ffmpeg ?? 'ffmpeg', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let samples = 0;
    let carry: Buffer | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      let data = carry ? Buffer.concat([carry, chunk]) : chunk;
      const usable = data.length - (data.length % 2);
      carry = usable < data.length ? data.subarray(usable) : undefined;
      data = data.subarray(0, usable);
      const out = new Float32Array(usable / 2);
      for (let i = 0; i < out.length; i++) out[i] = data.readInt16LE(i * 2) / 32768;
      samples += out.length;
      if (out.length > 0) onSamples(out);
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      if (stderr.length < 4000) stderr += text;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new FfmpegMissing('ffmpeg is not installed (apt-get install -y ffmpeg)')
          : new AudioUnreadable(error.message),
      );
    });
    child.on('close', (code) => {
      if (samples === 0 || (code !== 0 && samples < SAMPLE_RATE)) {
        reject(new AudioUnreadable(`the audio could not be decoded: ${describe(stderr)}`));
        return;
      }
      resolve(samples / SAMPLE_RATE);
    });
  });
}

/**
 * ffmpeg's complaint in words a person can act on, without the server's paths. What the file holds
 * decides, whatever its name: a file that is no audio at all fails its demuxer's reading.
 */
function describe(stderr: string): string {
  if (/No such file/i.test(stderr)) return 'the file is missing';
  if (
    /Stream map .* matches no streams|does not contain any stream|Output file .* does not contain/i.test(
      stderr,
    )
  )
    return 'no audio in the file';
  return 'not an audio file Cratedig can read';
}
