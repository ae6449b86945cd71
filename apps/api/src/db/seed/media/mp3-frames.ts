import { Mp3Encoder } from '@breezystack/lamejs';

// The demo audio format, chosen by measurement (docs/decisions/0015): MPEG-2 Layer III, mono, 24 kHz,
// 40 kbps CBR. At 24 kHz / 40 kbps every frame is exactly 120 bytes (no padding slots), so the file is
// strictly CBR and browsers derive its duration from its size (at 32 kbps LAME resamples to 22.05 kHz,
// whose frames are 104 or 105 bytes). lamejs's Mp3Encoder disables the bit reservoir, so every
// frame's main_data_begin is 0 and frames can be cut and repeated freely.
export const SAMPLE_RATE = 24000;
export const BITRATE_KBPS = 40;
export const FRAME_SAMPLES = 576;
export const FRAME_BYTES = (72 * BITRATE_KBPS * 1000) / SAMPLE_RATE;
export const FRAME_MS = (FRAME_SAMPLES * 1000) / SAMPLE_RATE;
// LAME's encoder delay (576) plus the decoder's (529): output sample o carries input sample o - 1105.
// Every slice is shifted by the same amount, so an error here would only shift the whole file.
const CODEC_DELAY = 1105;
// Frames encoded before and after each slice so its MDCT overlap and psychoacoustic look-ahead see
// the real neighbouring signal; they are thrown away.
const WARM_UP_FRAMES = 4;
const TAIL_FRAMES = 4;

export interface SliceRequest {
  /** Sample index -> value in -1..1; indices outside the signal should return 0. */
  sampleAt: (n: number) => number;
  firstFrame: number;
  frameCount: number;
}

/**
 * Encodes the frames [firstFrame, firstFrame + frameCount) of each request's signal; each result holds
 * frameCount * FRAME_BYTES bytes. All slices go through ONE encoder, back to back, each padded with
 * warm-up and tail frames: creating a LAME encoder costs about as much as encoding a second of audio.
 */
export function encodeSlices(requests: readonly SliceRequest[]): Uint8Array[] {
  const streamFrames = requests.reduce((n, r) => n + WARM_UP_FRAMES + r.frameCount + TAIL_FRAMES, 0);
  const pcm = new Int16Array(streamFrames * FRAME_SAMPLES);
  const outputFrame: number[] = [];
  let at = 0;
  for (const r of requests) {
    // Output sample o of the stream carries input sample o - CODEC_DELAY, so this input start puts
    // the signal's frame `firstFrame` exactly at the stream's output frame at + WARM_UP_FRAMES.
    const start = (r.firstFrame - WARM_UP_FRAMES) * FRAME_SAMPLES + CODEC_DELAY;
    const length = (WARM_UP_FRAMES + r.frameCount + TAIL_FRAMES) * FRAME_SAMPLES;
    for (let i = 0; i < length; i++) {
      const v = r.sampleAt(start + i);
      pcm[at + i] = Math.round(32767 * Math.min(1, Math.max(-1, v)));
    }
    outputFrame.push(at / FRAME_SAMPLES + WARM_UP_FRAMES);
    at += length;
  }
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, BITRATE_KBPS);
  const parts = [encoder.encodeBuffer(pcm), encoder.flush()];
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    // lamejs returns Int8Array views; copy their bytes as unsigned.
    all.set(new Uint8Array(p.buffer, p.byteOffset, p.byteLength), offset);
    offset += p.length;
  }
  if (all.length % FRAME_BYTES !== 0 || all.length < streamFrames * FRAME_BYTES) {
    throw new Error(`encoder returned ${all.length} bytes, expected at least ${streamFrames} whole frames`);
  }
  return requests.map((r, i) => {
    const from = (outputFrame[i] ?? 0) * FRAME_BYTES;
    return all.slice(from, from + r.frameCount * FRAME_BYTES);
  });
}

export interface Mp3FrameInfo {
  offset: number;
  bytes: number;
  /** 1 = MPEG-1, 2 = MPEG-2, 2.5 = MPEG-2.5. */
  version: 1 | 2 | 2.5;
  bitrateKbps: number;
  sampleRate: number;
  samples: number;
  channels: 1 | 2;
  /** First field of the side info: 0 means the frame does not borrow bytes from earlier frames. */
  mainDataBegin: number;
}

const LAYER3_KBPS = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const RATES = { 1: [44100, 48000, 32000], 2: [22050, 24000, 16000], 2.5: [11025, 12000, 8000] } as const;

/** Walks the Layer III frames of a file with no tags; throws on anything else. */
export function parseMp3Frames(data: Uint8Array): Mp3FrameInfo[] {
  const frames: Mp3FrameInfo[] = [];
  let offset = 0;
  while (offset < data.length) {
    const b1 = data[offset + 1] ?? 0;
    const b2 = data[offset + 2] ?? 0;
    const b3 = data[offset + 3] ?? 0;
    if (data[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) throw new Error(`no frame sync at byte ${offset}`);
    const versionBits = (b1 >> 3) & 3;
    if (versionBits === 1 || ((b1 >> 1) & 3) !== 1) throw new Error(`not MPEG Layer III at byte ${offset}`);
    const version = versionBits === 3 ? 1 : versionBits === 2 ? 2 : 2.5;
    const bitrateKbps = (version === 1 ? LAYER3_KBPS.v1 : LAYER3_KBPS.v2)[(b2 >> 4) & 15] ?? 0;
    const sampleRate = RATES[version][(b2 >> 2) & 3] ?? 0;
    if (!bitrateKbps || !sampleRate) throw new Error(`bad bitrate or sample rate at byte ${offset}`);
    const padding = (b2 >> 1) & 1;
    const samples = version === 1 ? 1152 : 576;
    const bytes = Math.floor(((samples / 8) * bitrateKbps * 1000) / sampleRate) + padding;
    const crc = (b1 & 1) === 0 ? 2 : 0;
    const s0 = data[offset + 4 + crc] ?? 0;
    const s1 = data[offset + 5 + crc] ?? 0;
    // main_data_begin is 9 bits in MPEG-1 and 8 bits in MPEG-2/2.5.
    const mainDataBegin = version === 1 ? (s0 << 1) | (s1 >> 7) : s0;
    const channels = ((b3 >> 6) & 3) === 3 ? 1 : 2;
    frames.push({ offset, bytes, version, bitrateKbps, sampleRate, samples, channels, mainDataBegin });
    offset += bytes;
  }
  if (offset !== data.length) throw new Error('truncated last frame');
  return frames;
}
