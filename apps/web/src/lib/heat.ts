// The heat strip's arithmetic: the server sends exact moment-like counts per bucket; the strip smooths
// them so a peak reads as a hill rather than a lone spike, and names the track playing at a second.
import type { MomentTrack } from '@cratedig/contract/moments-api';

/** The smoothing kernel's spread in buckets: a peak bleeds into about two buckets each side. */
export const HEAT_SMOOTHING_SIGMA = 1;

/** A normalised gaussian kernel of radius ceil(3 sigma): its weights sum to 1, so likes are kept. */
export function gaussianKernel(sigma: number = HEAT_SMOOTHING_SIGMA): number[] {
  if (sigma <= 0) return [1];
  const radius = Math.ceil(3 * sigma);
  const weights = Array.from({ length: 2 * radius + 1 }, (_, i) =>
    Math.exp(-((i - radius) ** 2) / (2 * sigma ** 2)),
  );
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => w / sum);
}

/**
 * The buckets convolved with the kernel. At the edges the weight that would fall outside the set is
 * folded back onto the bucket itself, so the smoothed values still add up to the likes given.
 */
export function smoothHeat(buckets: readonly number[], sigma: number = HEAT_SMOOTHING_SIGMA): number[] {
  const kernel = gaussianKernel(sigma);
  const radius = (kernel.length - 1) / 2;
  const out = new Array<number>(buckets.length).fill(0);
  buckets.forEach((count, i) => {
    if (count === 0) return;
    kernel.forEach((weight, k) => {
      const j = i + k - radius;
      const at = j >= 0 && j < buckets.length ? j : i;
      out[at] = (out[at] ?? 0) + count * weight;
    });
  });
  return out;
}

/**
 * The strip's area in a viewBox `buckets.length` wide and `height` high: one point per bucket centre,
 * the highest value touching the top. Empty strips (no likes) are a flat line at the bottom.
 */
export function heatAreaPath(values: readonly number[], height: number): string {
  const n = values.length;
  if (n === 0) return '';
  const max = Math.max(...values);
  const y = (v: number) => (max > 0 ? height - (v / max) * height : height);
  const round = (v: number) => Math.round(v * 100) / 100;
  const points = values.map((v, i) => `L${round(i + 0.5)},${round(y(v))}`);
  return `M0,${height} L0,${round(y(values[0] ?? 0))} ${points.join(' ')} L${n},${round(y(values[n - 1] ?? 0))} L${n},${height} Z`;
}

/** The set track playing at second `t`: the latest started one with start_time <= t < end_time. */
export function momentTrackAt(tracks: readonly MomentTrack[], t: number): MomentTrack | null {
  let found: MomentTrack | null = null;
  for (const track of tracks) {
    if (track.start_time <= t && t < track.end_time && (!found || track.start_time >= found.start_time)) {
      found = track;
    }
  }
  return found;
}
