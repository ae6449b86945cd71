import { createRandom } from './random';

// The musical character of one set-track segment, derived from its seed, genre and BPM: tempo, key,
// scale, drum pattern, bass line and lead timbre, so neighbouring tracks of a set sound clearly
// different.

export type DrumStyle = 'four' | 'broken' | 'electro' | 'halftime' | 'afro' | 'none';
export type BassStyle = 'offbeat' | 'rolling' | 'sustain' | 'arp';
export type LeadStyle = 'arp' | 'stab' | 'pluck' | 'none';
export type Wave = 'saw' | 'square' | 'fm' | 'sine';

export interface LoopStyle {
  bpm: number;
  /** Frequency of the key's root in the bass octave. */
  rootHz: number;
  scale: readonly number[];
  drums: DrumStyle;
  bass: BassStyle;
  lead: LeadStyle;
  leadWave: Wave;
  pad: boolean;
  /** 0..1: opens the filters of bass and lead. */
  brightness: number;
  bars: number;
}

const SCALES = {
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  phrygian: [0, 1, 3, 5, 7, 8, 10],
  major: [0, 2, 4, 5, 7, 9, 11],
  harmonicMinor: [0, 2, 3, 5, 7, 8, 11],
} as const;

interface GenreFeel {
  bpm: [number, number];
  drums: readonly DrumStyle[];
  bass: readonly BassStyle[];
  lead: readonly LeadStyle[];
}

// Tempo ranges and grooves typical of each genre of docs/catalogue.md; unknown genres get the generic feel.
const FEELS: Record<string, GenreFeel> = {
  'Afro House': { bpm: [118, 124], drums: ['afro'], bass: ['sustain', 'offbeat'], lead: ['pluck', 'stab'] },
  'Bass / Club': {
    bpm: [126, 134],
    drums: ['broken', 'electro'],
    bass: ['rolling', 'sustain'],
    lead: ['stab'],
  },
  'Breaks / Breakbeat / UK Bass': {
    bpm: [128, 136],
    drums: ['broken'],
    bass: ['sustain', 'rolling'],
    lead: ['stab', 'arp'],
  },
  'Dance / Electro Pop': { bpm: [118, 126], drums: ['four'], bass: ['offbeat'], lead: ['stab', 'pluck'] },
  'Deep House': { bpm: [116, 122], drums: ['four'], bass: ['sustain', 'offbeat'], lead: ['stab'] },
  'Electro (Classic / Detroit / Modern)': {
    bpm: [124, 132],
    drums: ['electro'],
    bass: ['arp', 'rolling'],
    lead: ['arp'],
  },
  Electronic: {
    bpm: [110, 128],
    drums: ['four', 'broken'],
    bass: ['arp', 'sustain'],
    lead: ['arp', 'pluck'],
  },
  Electronica: { bpm: [92, 112], drums: ['halftime', 'broken'], bass: ['sustain'], lead: ['pluck', 'arp'] },
  House: { bpm: [120, 126], drums: ['four'], bass: ['offbeat', 'rolling'], lead: ['stab'] },
  'Indie Dance': { bpm: [110, 122], drums: ['four'], bass: ['rolling', 'arp'], lead: ['pluck', 'arp'] },
  'Melodic House & Techno': { bpm: [120, 124], drums: ['four'], bass: ['rolling'], lead: ['arp'] },
  'Minimal / Deep Tech': {
    bpm: [124, 128],
    drums: ['four'],
    bass: ['offbeat', 'arp'],
    lead: ['pluck', 'none'],
  },
  'Nu Disco / Disco': { bpm: [110, 122], drums: ['four'], bass: ['arp'], lead: ['stab', 'pluck'] },
  'Organic House / Downtempo': {
    bpm: [96, 114],
    drums: ['halftime', 'afro'],
    bass: ['sustain'],
    lead: ['pluck'],
  },
  'Progressive House': { bpm: [122, 126], drums: ['four'], bass: ['rolling'], lead: ['arp'] },
  'Tech House': { bpm: [124, 128], drums: ['four'], bass: ['offbeat', 'arp'], lead: ['stab', 'none'] },
  Techno: { bpm: [128, 134], drums: ['four'], bass: ['rolling', 'offbeat'], lead: ['stab', 'arp'] },
  'Techno (Peak Time / Driving)': {
    bpm: [132, 140],
    drums: ['four'],
    bass: ['rolling'],
    lead: ['stab', 'arp'],
  },
  'Techno (Raw / Deep / Hypnotic)': {
    bpm: [128, 136],
    drums: ['four'],
    bass: ['rolling'],
    lead: ['pluck', 'none'],
  },
  Trance: { bpm: [134, 140], drums: ['four'], bass: ['offbeat', 'rolling'], lead: ['arp'] },
};
const GENERIC: GenreFeel = {
  bpm: [112, 136],
  drums: ['four', 'broken', 'electro', 'halftime', 'afro'],
  bass: ['offbeat', 'rolling', 'sustain', 'arp'],
  lead: ['arp', 'stab', 'pluck'],
};

/** Derives the musical character of one segment. `bpm`, when given, wins over the genre's range. */
export function loopStyle(seed: string, genre?: string, bpm?: number): LoopStyle {
  const rnd = createRandom(`loop:${seed}`);
  const feel = (genre && FEELS[genre]) || GENERIC;
  const tempo = bpm && bpm >= 60 && bpm <= 200 ? bpm : rnd.int(feel.bpm[0], feel.bpm[1]);
  const scaleName = rnd.pick(Object.keys(SCALES) as (keyof typeof SCALES)[]);
  return {
    bpm: tempo,
    // Roots from E1 (41 Hz) to D#2 (78 Hz): low enough for weight, high enough for small speakers.
    rootHz: 41.2 * 2 ** (rnd.int(0, 11) / 12),
    scale: SCALES[scaleName],
    drums: rnd.pick(feel.drums),
    bass: rnd.pick(feel.bass),
    lead: rnd.pick(feel.lead),
    leadWave: rnd.pick(['saw', 'square', 'fm', 'sine'] as const),
    pad: rnd.chance(0.6),
    brightness: rnd.range(0.2, 1),
    bars: 1,
  };
}

/** A calm drumless loop for stretches of a set that no track covers (intro, gaps). */
export function ambientStyle(seed: string): LoopStyle {
  return {
    ...loopStyle(seed, 'Organic House / Downtempo'),
    drums: 'none',
    bass: 'sustain',
    lead: 'none',
    pad: true,
  };
}
