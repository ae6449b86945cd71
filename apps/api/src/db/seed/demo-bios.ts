// Bio text for the demo catalogue, assembled from varied sentence templates so no two read alike.
import type { Random } from './media/random';

export interface ArtistBioFacts {
  name: string;
  hometown: string;
  genres: readonly string[];
  since: number;
  label: string | undefined;
  venue: string;
}

const OPENERS: ReadonlyArray<(f: ArtistBioFacts) => string> = [
  (f) => `${f.name} grew up in ${f.hometown} and started DJing at house parties in ${f.since}.`,
  (f) => `Born in ${f.hometown}, ${f.name} has spent more than a decade behind the decks.`,
  (f) =>
    `${f.name} is a ${f.hometown}-based producer and DJ working at the meeting point of ${lower(f.genres[0])} and ${lower(f.genres[1] ?? f.genres[0])}.`,
  (f) =>
    `Since ${f.since}, ${f.name} has built a reputation for long, patient sets that reward the people who stay until the lights come on.`,
  (f) => `${f.name} came to electronic music through a brother's record collection in ${f.hometown}.`,
  (f) =>
    `A classically trained pianist from ${f.hometown}, ${f.name} swapped the conservatory for the club in ${f.since}.`,
];

const MIDDLES: ReadonlyArray<(f: ArtistBioFacts) => string> = [
  (f) => `A residency at ${f.venue} turned a local following into an international one.`,
  () => 'Their records mix hardware jams with field recordings collected on tour.',
  (f) =>
    f.label
      ? `Releases on ${f.label} brought the sound to a wider audience.`
      : 'Most of the early releases came out on small self-run imprints.',
  () => 'Every track starts as a live take on a modular rack before it is cut down to size in the box.',
  (f) => `In the booth they move freely between ${lower(f.genres[0])} and whatever the room asks for next.`,
  () => 'They are known for warm low end, restless percussion and melodies that take their time.',
  () => 'Their productions favour tape saturation, off-kilter grooves and vocals chopped beyond recognition.',
  (f) => `A string of sold-out nights at ${f.venue} made them a name to watch.`,
];

const CLOSERS: ReadonlyArray<(f: ArtistBioFacts) => string> = [
  () => 'When not touring, they run a monthly radio show devoted to new talent.',
  () => 'A debut album is in the works.',
  (f) => `They still play ${f.hometown} every winter, usually unannounced.`,
  () => 'Their sets are regularly shared as some of the season’s standouts.',
  () => 'They also teach production workshops for young producers.',
  () => 'Expect the unexpected: an old soul record can land between two peak-time cuts.',
  () => 'Off the road, they restore vintage drum machines.',
];

function lower(text: string | undefined): string {
  return (text ?? 'electronic music').toLowerCase();
}

/** 2 to 4 sentences. */
export function artistBio(random: Random, facts: ArtistBioFacts): string {
  const sentences = [random.pick(OPENERS)(facts), random.pick(MIDDLES)(facts)];
  const extra = random.int(0, 2);
  if (extra >= 1) sentences.push(random.pick(CLOSERS)(facts));
  if (extra === 2) {
    const more = random.pick(MIDDLES)(facts);
    if (!sentences.includes(more)) sentences.splice(2, 0, more);
  }
  return sentences.join(' ');
}

export function labelBio(
  random: Random,
  facts: {
    name: string;
    city: string;
    founders: readonly string[];
    genres: readonly string[];
    since: number;
  },
): string {
  const founders = facts.founders.join(' and ');
  const openers = [
    `${facts.name} was founded in ${facts.city} in ${facts.since} by ${founders}.`,
    `${founders} started ${facts.name} in ${facts.since} to release the music their friends in ${facts.city} were making.`,
  ];
  const middles = [
    `The catalogue leans towards ${lower(facts.genres[0])} with detours into ${lower(facts.genres[1])}.`,
    `Its releases sit between ${lower(facts.genres[0])} and ${lower(facts.genres[1])}, pressed on vinyl in small runs.`,
  ];
  const closers = [
    'The label hosts a travelling night that gives its newest artists their first big-room slots.',
    'Every release comes with artwork commissioned from a different visual artist.',
    'Demos are listened to, every one of them.',
  ];
  return [random.pick(openers), random.pick(middles), random.pick(closers)].join(' ');
}
