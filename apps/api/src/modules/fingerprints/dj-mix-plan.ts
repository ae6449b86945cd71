// A DJ mix on paper (dj-mix.ts renders it): the stretches of source audio, how they are played, and
// where each track sits in the mix, to the sample, without running ffmpeg.

/** A stretch of a source file, in the source's own time. */
export interface MixSource {
  file: string;
  fromS: number;
  seconds: number;
}

export type Eq = 'none' | 'bass-cut-edges' | 'low-shelf-80' | 'highpass-sweep' | 'lowpass-sweep';
export type FadeCurve = 'qsin' | 'tri';

export interface MixCondition {
  name: string;
  /** 1.04: played 4 % faster (and 4 % shorter). */
  speed: number;
  /** true: tempo only (rubberband); false: a pitch fader (time and pitch together). */
  keyLock: boolean;
  eq: Eq;
  /** Pink noise over the whole mix at this level relative to the mix's RMS, in dB: a live recording. */
  noiseDb?: number;
  /** Each track fades into the next over this many seconds (0: cut). */
  crossfadeS: number;
  /** The fader's curve for both tracks; qsin (equal power) unless said. */
  curve?: FadeCurve;
}

/** Where a track's own stretch sounds: startS is its first sample (its fade-in starts), endS its last. */
export interface MixedTrack {
  index: number;
  source: MixSource;
  startS: number;
  endS: number;
  /** The speed really played: a pitch fader's rate is a whole number of Hz, so it may differ by < 1e-5. */
  speed: number;
  keyLock: boolean;
}

export interface MixPlan {
  tracks: MixedTrack[];
  /** Per track: samples read from its source, and samples it lasts in the mix. */
  inSamples: number[];
  outSamples: number[];
  /** The pitch fader's playback rate: the source's samples are played at this rate, then resampled. */
  rate: number;
  fadeSamples: number;
  totalSamples: number;
  sampleRate: number;
}

/** Where every track sits in the mix, without running ffmpeg (buildMix renders exactly this). */
export function planMix(sources: MixSource[], condition: MixCondition, sampleRate = 44_100): MixPlan {
  if (sources.length === 0) throw new Error('a mix needs at least one source');
  if (!(condition.speed > 0)) throw new Error(`speed must be positive (got ${condition.speed})`);
  if (!(condition.crossfadeS >= 0))
    throw new Error(`crossfadeS must be 0 or more (got ${condition.crossfadeS})`);
  const fadeSamples = sources.length > 1 ? Math.round(condition.crossfadeS * sampleRate) : 0;
  const rate = condition.keyLock ? sampleRate : Math.round(sampleRate * condition.speed);
  const speed = condition.keyLock ? condition.speed : rate / sampleRate;
  const inSamples: number[] = [];
  const outSamples: number[] = [];
  const tracks: MixedTrack[] = [];
  let start = 0;
  sources.forEach((source, index) => {
    if (!(source.fromS >= 0) || !(source.seconds > 0))
      throw new Error(`source ${index} (${source.file}) needs fromS >= 0 and seconds > 0`);
    const n = Math.round(source.seconds * sampleRate);
    const m = Math.round(n / speed);
    // a track shorter than two crossfades would fade out while still fading in
    if (fadeSamples > 0 && m < 2 * fadeSamples)
      throw new Error(
        `source ${index} lasts ${(m / sampleRate).toFixed(2)} s in the mix, less than two ${condition.crossfadeS} s crossfades`,
      );
    inSamples.push(n);
    outSamples.push(m);
    tracks.push({
      index,
      source,
      startS: start / sampleRate,
      endS: (start + m) / sampleRate,
      speed,
      keyLock: condition.keyLock,
    });
    start += m - fadeSamples;
  });
  return {
    tracks,
    inSamples,
    outSamples,
    rate,
    fadeSamples,
    totalSamples: start + fadeSamples,
    sampleRate,
  };
}
