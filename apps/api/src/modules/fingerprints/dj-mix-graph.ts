// The ffmpeg filter graph of a DJ mix (docs: ffmpeg-filters): each track's chain cuts its exact stretch,
// plays it at its speed, pads or trims it to its computed length and applies its EQ; the tracks are
// then crossfaded one into the next. Every length is counted in samples, so the plan's positions hold.
import type { Eq, MixCondition, MixPlan, MixSource } from './dj-mix-plan';

/** The input options of every stretch: a seek to a second before it, and a little more than it lasts. */
export function mixInputs(sources: MixSource[]): string[] {
  return sources.flatMap((s) => [
    ...['-ss', (s.fromS - preroll(s)).toFixed(6)],
    ...['-t', (preroll(s) + s.seconds + 0.1).toFixed(6)],
    ...['-i', s.file],
  ]);
}

/** The graph's text and the label of its output. */
export function mixGraph(
  sources: MixSource[],
  plan: MixPlan,
  condition: MixCondition,
  channels: number,
): { graph: string; last: string } {
  const chains = sources.map((s, k) => trackChain(s, k, plan, condition, channels));
  const curve = condition.curve ?? 'qsin';
  let last = 't0';
  for (let k = 1; k < sources.length; k++) {
    const out = `x${k}`;
    chains.push(
      plan.fadeSamples > 0
        ? `[${last}][t${k}]acrossfade=ns=${plan.fadeSamples}:c1=${curve}:c2=${curve}[${out}]`
        : `[${last}][t${k}]concat=n=2:v=0:a=1[${out}]`,
    );
    last = out;
  }
  return { graph: chains.join(';\n'), last };
}

// Decoding starts up to 1 s before a stretch and the graph drops that second: an MP3 decoded right from
// a seek point garbles its first frames (their bit reservoir and overlap are in the frames before), while
// from a second earlier every sample equals a decode from the file's start.
const preroll = (s: MixSource): number => Math.min(1, s.fromS);

// One track: its exact stretch, at its speed, at its exact length in the mix, then its EQ.
function trackChain(
  source: MixSource,
  k: number,
  plan: MixPlan,
  condition: MixCondition,
  channels: number,
): string {
  const sr = plan.sampleRate;
  const n = plan.inSamples[k] ?? 0;
  const skip = Math.round(preroll(source) * sr);
  const m = plan.outSamples[k] ?? 0;
  const layout = channels === 2 ? 'stereo' : 'mono';
  const steps = [
    `aresample=${sr}`,
    `aformat=sample_fmts=flt:channel_layouts=${layout}`,
    // apad: a source a few ms short of the stretch (an MP3's last frame) keeps every position exact
    `apad`,
    `atrim=start_sample=${skip}:end_sample=${skip + n}`,
  ];
  if (condition.keyLock && condition.speed !== 1) steps.push(`rubberband=tempo=${condition.speed}`);
  // the pitch fader: the same samples played at another rate, then resampled back
  else if (!condition.keyLock && plan.rate !== sr) steps.push(`asetrate=${plan.rate}`, `aresample=${sr}`);
  steps.push('apad', `atrim=end_sample=${m}`, `asetpts=N/${sr}/TB`, ...eqSteps(k, condition.eq, m / sr, sr));
  return `[${k}:a]${steps.join(',')}[t${k}]`;
}

// t in these expressions is the track's own time in the mix (its timestamps start at 0).
function eqSteps(k: number, eq: Eq, lengthS: number, sr: number): string[] {
  switch (eq) {
    case 'none':
      return [];
    case 'low-shelf-80':
      // a mixer's low EQ turned down: -12 dB below 80 Hz (-6 dB at 80 Hz itself, -11 dB at 40 Hz)
      return ['lowshelf=f=80:g=-12:t=s:w=1'];
    case 'bass-cut-edges': {
      // 24 dB/octave (two 12 dB/octave sections), as a DJ mixer's isolator or filter cuts
      const e = Math.min(20, lengthS / 2);
      const on = `enable='lt(t,${e})+gte(t,${(lengthS - e).toFixed(6)})'`;
      return [`highpass=f=200:${on}`, `highpass=f=200:${on}`];
    }
    case 'highpass-sweep':
    case 'lowpass-sweep': {
      // the new track comes in filtered and opens over its first 16 s; the old one closes over its last
      // 16 s. Cutoffs move on a log scale, a step every 0.1 s (a knob turned by hand).
      const hp = eq === 'highpass-sweep';
      const open = hp ? 20 : Math.min(20_000, 0.45 * sr);
      const shut = hp ? 2_000 : 250;
      const e = Math.min(16, lengthS / 2);
      const target = `${hp ? 'highpass' : 'lowpass'}@sweep${k}`;
      const commands: string[] = [];
      const stepS = 0.1;
      for (let t = 0; t < e; t += stepS) {
        const f = shut * (open / shut) ** (t / e);
        commands.push(`${t.toFixed(3)} ${target} f ${f.toFixed(1)}`);
      }
      for (let t = lengthS - e; t < lengthS; t += stepS) {
        const f = open * (shut / open) ** ((t - (lengthS - e)) / e);
        commands.push(`${t.toFixed(3)} ${target} f ${f.toFixed(1)}`);
      }
      const on = `enable='lt(t,${e})+gte(t,${(lengthS - e).toFixed(6)})'`;
      return [`asendcmd=c='${commands.join(';')}'`, `${target}=f=${shut}:${on}`];
    }
  }
}
