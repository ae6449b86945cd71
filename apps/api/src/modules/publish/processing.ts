// Processing of a finished upload (docs/publishing.md "Processing"): what the file is, read from its
// content; how long it lasts; the MP3 rendition the player streams, into the media store. ffprobe and
// ffmpeg read the uploaded file only: the `file` protocol alone and the demuxers of the accepted
// formats alone, after the first bytes matched one of their signatures, so a playlist, a concat list
// or a reference inside the file is refused before it could be followed. A refusal marks the draft
// failed with the reason, in words for its owner, and removes its bytes.
import { spawn } from 'node:child_process';
import { open, stat } from 'node:fs/promises';
import { type AudioFormat, formatHours, publishMessages } from '@cratedig/contract/publish-api';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { MediaStore } from '../../lib/media-store';
import { updateUpload, uploadById } from './queries';
import { uploadStoreOf } from './upload-store';

/** Demuxers ffprobe and ffmpeg may use, by the format the signature found. */
const DEMUXERS: Record<AudioFormat, string> = {
  mp3: 'mp3',
  wav: 'wav,w64',
  flac: 'flac',
  aiff: 'aiff',
  m4a: 'mov,mp4,m4a,aac',
  ogg: 'ogg',
};

/** Why a file is refused: the owner reads `message`. */
export class UploadRefused extends Error {
  override name = 'UploadRefused';
}

/**
 * The accepted format the file's first bytes are, or undefined. An MP3 may begin with ID3 tags, then
 * MPEG audio frames; a raw AAC stream with ADTS frames.
 */
export function sniffFormat(head: Buffer): AudioFormat | undefined {
  const ascii = (from: number, to: number) => head.subarray(from, to).toString('latin1');
  if (head.length < 12) return undefined;
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (ascii(0, 4) === 'RF64' && ascii(8, 12) === 'WAVE') return 'wav';
  if (ascii(0, 4) === 'fLaC') return 'flac';
  if (ascii(0, 4) === 'FORM' && (ascii(8, 12) === 'AIFF' || ascii(8, 12) === 'AIFC')) return 'aiff';
  if (ascii(4, 8) === 'ftyp') return 'm4a';
  if (ascii(0, 4) === 'OggS') return 'ogg';
  let at = 0;
  if (ascii(0, 3) === 'ID3' && head.length >= 10) {
    // the tag's size: four 7-bit bytes, plus the header (and a footer when flagged)
    const size = ((head[6] ?? 0) << 21) | ((head[7] ?? 0) << 14) | ((head[8] ?? 0) << 7) | (head[9] ?? 0);
    at = 10 + size + ((head[5] ?? 0) & 0x10 ? 10 : 0);
    if (at + 4 > head.length) return 'mp3'; // a tag longer than what was read: ffprobe decides
  }
  // skip padding some encoders leave before the first frame
  while (at < head.length && head[at] === 0) at++;
  const b0 = head[at] ?? 0;
  const b1 = head[at + 1] ?? 0;
  if (b0 === 0xff && (b1 & 0xf6) === 0xf0) return 'm4a'; // ADTS (AAC)
  if (b0 === 0xff && (b1 & 0xe0) === 0xe0 && (b1 & 0x06) !== 0) return 'mp3'; // MPEG audio, layer I-III
  return undefined;
}

/**
 * Whether a RIFF/WAVE or FORM/AIFF file is shorter than its own header says: a recording cut short
 * in transfer. A header whose size was never filled in (0, or all ones while still recording) says
 * nothing.
 */
export function cutShort(head: Buffer, fileSize: number, format: AudioFormat): boolean {
  if (head.length < 12 || (format !== 'wav' && format !== 'aiff')) return false;
  if (head.toString('latin1', 0, 4) === 'RF64') return false;
  const declared = format === 'wav' ? head.readUInt32LE(4) : head.readUInt32BE(4);
  if (declared === 0 || declared === 0xffffffff) return false;
  return declared + 8 > fileSize + 1;
}

interface Probe {
  formatName: string;
  durationS: number;
  codec: string;
  sampleRate: number;
  channels: number;
}

function run(
  command: string,
  args: string[],
  onLine?: (line: string) => void,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let partial = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      if (onLine) {
        const lines = (partial + text).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) onLine(line);
      } else if (stdout.length < 1_000_000) stdout += text;
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      if (stderr.length < 8000) stderr += text;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

const inputArgs = (format: AudioFormat, file: string) => [
  '-protocol_whitelist',
  'file',
  '-format_whitelist',
  DEMUXERS[format],
  '-i',
  `file:${file}`,
];

export async function probe(file: string, format: AudioFormat, ffprobe = 'ffprobe'): Promise<Probe> {
  const { code, stdout } = await run(ffprobe, [
    '-v',
    'error',
    '-hide_banner',
    '-show_entries',
    'format=format_name,duration:stream=codec_type,codec_name,sample_rate,channels,duration',
    '-of',
    'json',
    ...inputArgs(format, file),
  ]);
  if (code !== 0) throw new UploadRefused(publishMessages.notAudio);
  const json = JSON.parse(stdout || '{}') as {
    format?: { format_name?: string; duration?: string };
    streams?: {
      codec_type?: string;
      codec_name?: string;
      sample_rate?: string;
      channels?: number;
      duration?: string;
    }[];
  };
  const audio = json.streams?.find((s) => s.codec_type === 'audio');
  if (!audio) throw new UploadRefused(publishMessages.notAudio);
  const durationS = Number(json.format?.duration ?? audio.duration ?? Number.NaN);
  return {
    formatName: json.format?.format_name ?? '',
    durationS: Number.isFinite(durationS) ? durationS : 0,
    codec: audio.codec_name ?? '',
    sampleRate: Number(audio.sample_rate ?? 0),
    channels: audio.channels ?? 0,
  };
}

/**
 * Makes the MP3 the player streams: an MP3's frames copied as they are, anything else encoded at
 * 256 kb/s. Resolves with the seconds written; `onProgress` hears how far it is.
 */
export async function makeRendition(
  file: string,
  format: AudioFormat,
  found: Probe,
  out: string,
  onProgress: (seconds: number) => void,
  ffmpeg = 'ffmpeg',
): Promise<number> {
  const copy = format === 'mp3' && found.codec === 'mp3';
  const encode = [
    '-c:a',
    'libmp3lame',
    '-b:a',
    '256k',
    ...(found.sampleRate > 48_000 || found.sampleRate < 32_000 ? ['-ar', '44100'] : []),
    ...(found.channels > 2 ? ['-ac', '2'] : []),
  ];
  let written = 0;
  const { code, stderr } = await run(
    ffmpeg,
    [
      '-nostdin',
      '-hide_banner',
      '-v',
      'error',
      ...inputArgs(format, file),
      '-map',
      '0:a:0',
      '-vn',
      '-sn',
      '-dn',
      '-map_metadata',
      '-1',
      ...(copy ? ['-c:a', 'copy'] : encode),
      '-f',
      'mp3',
      '-progress',
      'pipe:1',
      '-nostats',
      '-y',
      out,
    ],
    (line) => {
      const match = /^out_time_us=(\d+)$/.exec(line);
      if (match) {
        written = Number(match[1]) / 1e6;
        onProgress(written);
      }
    },
  );
  if (code !== 0) {
    throw new UploadRefused(
      /Invalid data|could not find codec|no such file|Error while decoding/i.test(stderr) && written < 1
        ? publishMessages.notAudio
        : publishMessages.empty,
    );
  }
  return written;
}

export interface ProcessDeps {
  db: Db;
  config: AppConfig;
  media: MediaStore;
  ffmpeg?: string;
  ffprobe?: string;
}

export type ProcessOutcome = 'ready' | 'failed' | 'skipped';

/** Media keys of a draft's rendition and kept original. */
export const renditionKey = (id: string) => `audio/sets/published/${id}.mp3`;
export const originalKey = (id: string, format: AudioFormat) => `audio/originals/${id}.${format}`;

/**
 * Processes one draft that is `processing`; anything else (cancelled meanwhile, already done) is
 * skipped. Safe to run again after a crash: it starts over from the uploaded bytes.
 */
export async function processUpload(deps: ProcessDeps, id: string): Promise<ProcessOutcome> {
  const { db, config, media } = deps;
  const row = await uploadById(db, id);
  if (!row || row.state !== 'processing') return 'skipped';
  const uploads = uploadStoreOf(config.publish, media);
  let lastTold = 0;
  const tell = async (changes: Parameters<typeof updateUpload>[2], force = false) => {
    const now = Date.now();
    if (!force && now - lastTold < 1000) return;
    lastTold = now;
    await updateUpload(db, id, changes);
  };
  try {
    return await uploads.withFile<ProcessOutcome>(id, async (file) => {
      if (file === undefined) throw new UploadRefused('The uploaded file is gone: upload it again.');
      const rendition = `${file}.rendition.mp3`;
      const size = (await stat(file)).size;
      if (size === 0 || size < row.size_bytes) throw new UploadRefused(publishMessages.empty);
      const head = Buffer.alloc(64 * 1024);
      const handle = await open(file, 'r');
      const { bytesRead } = await handle.read(head, 0, head.length, 0).finally(() => handle.close());
      const format = sniffFormat(head.subarray(0, bytesRead));
      if (!format) throw new UploadRefused(publishMessages.notAudio);
      if (cutShort(head.subarray(0, bytesRead), size, format)) throw new UploadRefused(publishMessages.empty);
      await tell({ step: 'probe', progress: 0.5, format }, true);
      const found = await probe(file, format, deps.ffprobe);
      if (found.durationS > config.publish.maxDurationS)
        throw new UploadRefused(publishMessages.tooLong(formatHours(config.publish.maxDurationS)));
      await tell({ step: 'rendition', progress: 0, duration_ms: Math.round(found.durationS * 1000) }, true);
      const seconds = await makeRendition(
        file,
        format,
        found,
        rendition,
        (at) => {
          const progress = found.durationS > 0 ? Math.min(1, at / found.durationS) : null;
          tell({ progress }).catch(() => {});
        },
        deps.ffmpeg,
      );
      // a file cut short: less audio than its header promised, or none worth a set
      if (
        seconds < 1 ||
        (found.durationS > 0 && seconds < found.durationS * 0.9 && found.durationS - seconds > 5)
      )
        throw new UploadRefused(publishMessages.empty);
      if (seconds > config.publish.maxDurationS)
        throw new UploadRefused(publishMessages.tooLong(formatHours(config.publish.maxDurationS)));
      await media.putFile(renditionKey(id), rendition, 'audio/mpeg');
      let kept: string | null = null;
      if (config.publish.keepOriginal) {
        kept = originalKey(id, format);
        await media.putFile(kept, file);
      }
      const done = await updateUpload(db, id, {
        state: 'ready',
        step: null,
        progress: null,
        duration_ms: Math.round(seconds * 1000),
        rendition_key: renditionKey(id),
        original_key: kept,
      });
      // cancelled while it was processed: what was stored goes with it
      if (!done) {
        await media.delete(renditionKey(id));
        if (kept) await media.delete(kept);
        return 'skipped';
      }
      return 'ready';
    });
  } catch (error) {
    const reason =
      error instanceof UploadRefused
        ? error.message
        : 'Cratedig could not process this file. Try uploading it again; if it fails again, write to us.';
    await updateUpload(db, id, { state: 'failed', reason, step: null, progress: null });
    if (!(error instanceof UploadRefused)) throw error;
    return 'failed';
  } finally {
    await uploads.remove(id);
  }
}
