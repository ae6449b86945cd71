// A set's peaks as PostgreSQL stores them (bytea, about 4 bytes a peak, 90 bytes a second of audio):
// the time as a varint of quarter frames after the previous peak, the frequency in 1/32 semitone
// (2 bytes) and the level in half decibels below full scale (1 byte). Peaks are kept in time order.
import type { Peak } from './peaks';

export function encodePeaks(peaks: Peak[]): Uint8Array {
  const out = new Uint8Array(peaks.length * 8 + 8);
  let at = 0;
  let previous = 0;
  for (const p of peaks) {
    const t = Math.max(previous, Math.round(p.t * 4));
    let delta = t - previous;
    previous = t;
    while (delta >= 0x80) {
      out[at++] = (delta & 0x7f) | 0x80;
      delta = Math.floor(delta / 128);
    }
    out[at++] = delta;
    const f = Math.max(0, Math.min(0xffff, Math.round(p.f * 32)));
    out[at++] = f & 0xff;
    out[at++] = f >> 8;
    out[at++] = Math.max(0, Math.min(255, Math.round(-p.m * 2)));
  }
  return out.slice(0, at);
}

export function decodePeaks(bytes: Uint8Array): Peak[] {
  const peaks: Peak[] = [];
  let at = 0;
  let t = 0;
  while (at < bytes.length) {
    let delta = 0;
    let scale = 1;
    for (;;) {
      const b = bytes[at++] ?? 0;
      delta += (b & 0x7f) * scale;
      scale *= 128;
      if (b < 0x80) break;
    }
    t += delta;
    const f = (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
    const m = bytes[at + 2] ?? 0;
    at += 3;
    peaks.push({ t: t / 4, f: f / 32, m: -m / 2 });
  }
  return peaks;
}
