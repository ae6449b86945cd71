// The credits parser on titles as real tracklists write them: who is credited in which role, what the
// title is, and which version was played. Each row reads: line → producers | feat | title | mix type
// | remixer or editor | version | label ('-' for none).
import { describe, expect, it } from 'vitest';
import { parseTrackText } from './credits';
import { normaliseName } from './normalise';
import { trackKey } from './queries';

const KNOWN = new Set(
  ['VE/RA', 'Block & Crown', 'Jos & Eli', 'Above & Beyond', 'Chase & Status'].map(normaliseName),
);
const isKnown = (name: string) => KNOWN.has(normaliseName(name));

function summary(line: string): string {
  const p = parseTrackText(line, isKnown);
  if (!p) return 'not a track';
  const names = (role: string) =>
    p.credits
      .filter((c) => c.role === role)
      .map((c) => c.name)
      .join(', ') || '-';
  const main = p.mixType === 'ID' ? names('ID') : names('producer');
  return [main, names('feat'), p.title, p.mixType, names('mixer'), p.version ?? '-', p.labelName ?? '-'].join(
    ' | ',
  );
}

const TABLE: [string, string][] = [
  [
    'Yotto - The One You Left Behind (Original Mix)',
    'Yotto | - | The One You Left Behind | original_mix | - | Original Mix | -',
  ],
  [
    'Ben Böhmer - Breathing (Yotto Extended Remix)',
    'Ben Böhmer | - | Breathing | remix | Yotto | Extended Remix | -',
  ],
  ['VE/RA - Hold On (Intro Mix)', 'VE/RA | - | Hold On | original_mix | - | Intro Mix | -'],
  ['Kasablanca - Your Body (Restricted Edit)', 'Kasablanca | - | Your Body | edit | - | Restricted Edit | -'],
  ['Lane 8 - Road (Progressive Mix)', 'Lane 8 | - | Road | original_mix | - | Progressive Mix | -'],
  [
    'Marcel Dettmann - Seduction (Len Faki DJ Edit)',
    'Marcel Dettmann | - | Seduction | edit | Len Faki | DJ Edit | -',
  ],
  ['Block & Crown - Falling (Laolu Remix; Edit)', 'Block & Crown | - | Falling | remix | Laolu | Edit | -'],
  ['Jos & Eli - Anywhere (ID Remix)', 'Jos & Eli | - | Anywhere | remix | - | - | -'],
  [
    "| Folamour - Ain't No Sunshine (Dub Mix)",
    "Folamour | - | Ain't No Sunshine | original_mix | - | Dub Mix | -",
  ],
  ['ID - ID', '- | - | ID | ID | - | - | -'],
  ['Enrico Sangiuliano - ID', 'Enrico Sangiuliano | - | ID | ID | - | - | -'],
  ['ID - ID [DRUMCODE]', '- | - | ID | ID | - | - | -'],
  ['Amelie Lens & ID - ID', 'Amelie Lens | - | ID | ID | - | - | -'],
  ['Bicep - Glue', 'Bicep | - | Glue | original_mix | - | - | -'],
  [
    'Bicep feat. Clara La San - Atlas (Ben Böhmer Remix)',
    'Bicep | Clara La San | Atlas | remix | Ben Böhmer | - | -',
  ],
  [
    'Amelie Lens ft. Farrago – Hypnotized (Charlotte de Witte Remix) [Second State]',
    'Amelie Lens | Farrago | Hypnotized | remix | Charlotte de Witte | - | Second State',
  ],
  [
    'Charlotte de Witte - Overdrive [KNTXT]',
    'Charlotte de Witte | - | Overdrive | original_mix | - | - | KNTXT',
  ],
  [
    'Above & Beyond - Sun & Moon (Club Mix)',
    'Above & Beyond | - | Sun & Moon | original_mix | - | Club Mix | -',
  ],
  [
    'Chase & Status - Blind Faith (VIP Mix)',
    'Chase & Status | - | Blind Faith | original_mix | - | VIP Mix | -',
  ],
  ['Bicep & Hammer - Dahlia', 'Bicep, Hammer | - | Dahlia | original_mix | - | - | -'],
  [
    'Ben Böhmer, Nils Hoffmann - Breathing',
    'Ben Böhmer, Nils Hoffmann | - | Breathing | original_mix | - | - | -',
  ],
  [
    'Oliver Heldens x Becky Hill - Gecko (Overdrive) (Club Mix)',
    'Oliver Heldens, Becky Hill | - | Gecko (Overdrive) | original_mix | - | Club Mix | -',
  ],
  [
    'Adam Beyer vs. Bart Skils - Your Mind',
    'Adam Beyer, Bart Skils | - | Your Mind | original_mix | - | - | -',
  ],
  [
    'Tale Of Us b2b Mind Against - Astral',
    'Tale Of Us, Mind Against | - | Astral | original_mix | - | - | -',
  ],
  [
    'Boris Brejcha - Purple Noise (Tale Of Us Club Mix)',
    'Boris Brejcha | - | Purple Noise | remix | Tale Of Us | Club Mix | -',
  ],
  ['Bonobo - Kerala (Dixon Night Version)', 'Bonobo | - | Kerala | remix | Dixon | Night Version | -'],
  ['Moderat - A New Error (Day Mix)', 'Moderat | - | A New Error | original_mix | - | Day Mix | -'],
  ['Four Tet - Baby (Outro Mix)', 'Four Tet | - | Baby | original_mix | - | Outro Mix | -'],
  ['Fisher - Losing It (Radio Edit)', 'Fisher | - | Losing It | edit | - | Radio Edit | -'],
  [
    'Mau P - Drugs From Amsterdam (VIP Mix)',
    'Mau P | - | Drugs From Amsterdam | original_mix | - | VIP Mix | -',
  ],
  [
    'Chris Lake & Cloonee - Nowhere (Extended Mix)',
    'Chris Lake, Cloonee | - | Nowhere | original_mix | - | Extended Mix | -',
  ],
  [
    'Honey Dijon feat. Annie Mac - Downtown (Dimitri From Paris Instrumental)',
    'Honey Dijon | Annie Mac | Downtown | remix | Dimitri From Paris | Instrumental | -',
  ],
  ['Floorplan - Never Grow Old (Re-Edit)', 'Floorplan | - | Never Grow Old | edit | - | Re-Edit | -'],
  ['Âme - Rej (Dixon Edit)', 'Âme | - | Rej | edit | Dixon | - | -'],
  ['Rødhåd - Ólafur (Âme Rework)', 'Rødhåd | - | Ólafur | edit | Âme | - | -'],
  [
    'Stephan Bodzin - Negative Space (Instrumental)',
    'Stephan Bodzin | - | Negative Space | original_mix | - | Instrumental | -',
  ],
  ['Palms Trax - Bonfire (Bootleg)', 'Palms Trax | - | Bonfire | edit | - | Bootleg | -'],
  ['Adriatique - Lost Control (Dub)', 'Adriatique | - | Lost Control | original_mix | - | Dub | -'],
  ['Nathan Fake - Sky Was Pink (Holden Remix)', 'Nathan Fake | - | Sky Was Pink | remix | Holden | - | -'],
  [
    'Depeche Mode - Enjoy The Silence (DJ Koze Remix)',
    'Depeche Mode | - | Enjoy The Silence | remix | DJ Koze | - | -',
  ],
  [
    'Daft Punk - Around The World (Acid Arab Remix)',
    'Daft Punk | - | Around The World | remix | Acid Arab | - | -',
  ],
  [
    "Ross From Friends - Talk To Me You'll Understand (Special Request Remix)",
    "Ross From Friends | - | Talk To Me You'll Understand | remix | Special Request | - | -",
  ],
  ['Robert Hood - Minus (Radio Slave Remix)', 'Robert Hood | - | Minus | remix | Radio Slave | - | -'],
  [
    'Purple Disco Machine - Hypnotized (Purple Disco Machine Extended Remix)',
    'Purple Disco Machine | - | Hypnotized | remix | Purple Disco Machine | Extended Remix | -',
  ],
  [
    'Camelphat & Elderbrook - Cola (Club Mix)',
    'Camelphat, Elderbrook | - | Cola | original_mix | - | Club Mix | -',
  ],
  ['Kölsch - Grey (Original Mix) [Kompakt]', 'Kölsch | - | Grey | original_mix | - | Original Mix | Kompakt'],
  ['Solomun - Home (Extended)', 'Solomun | - | Home (Extended) | original_mix | - | - | -'],
  [
    'Dixon & Âme - Where We At (Version 1)',
    'Dixon, Âme | - | Where We At (Version 1) | original_mix | - | - | -',
  ],
  ['Peggy Gou - (It Goes Like) Nanana (Edit)', 'Peggy Gou | - | (It Goes Like) Nanana | edit | - | Edit | -'],
  ['Eric Prydz - Opus (Four Tet Remix) [Virgin]', 'Eric Prydz | - | Opus | remix | Four Tet | - | Virgin'],
  [
    'Lane 8 - Brightest Lights (feat. POLIÇA) (Tinlicker Remix)',
    'Lane 8 | POLIÇA | Brightest Lights | remix | Tinlicker | - | -',
  ],
  [
    'Artbat & Upperground - Tomorrow (Extended Mix)',
    'Artbat, Upperground | - | Tomorrow | original_mix | - | Extended Mix | -',
  ],
  [
    'Keinemusik, Adam Port, &ME - Move (Club Edit)',
    'Keinemusik, Adam Port, &ME | - | Move | edit | - | Club Edit | -',
  ],
  [
    'Maceo Plex - Solar Detroit (Mind Against Remix)',
    'Maceo Plex | - | Solar Detroit | remix | Mind Against | - | -',
  ],
  [
    '• Tinlicker & Helsloot - Because You Move Me (Extended Mix)',
    'Tinlicker, Helsloot | - | Because You Move Me | original_mix | - | Extended Mix | -',
  ],
  ['Jamie xx - Gosh (Acapella)', 'Jamie xx | - | Gosh (Acapella) | original_mix | - | - | -'],
  [
    'Underworld - Born Slippy (Nuxx) (Short Mix)',
    'Underworld | - | Born Slippy (Nuxx) | original_mix | - | Short Mix | -',
  ],
  ['Kerri Chandler - Rain (Original Mix)', 'Kerri Chandler | - | Rain | original_mix | - | Original Mix | -'],
  [
    'ANNA - Hidden Beauties (Kevin de Vries Remix)',
    'ANNA | - | Hidden Beauties | remix | Kevin de Vries | - | -',
  ],
  [
    'Innellea - Vigilans (Extended Version)',
    'Innellea | - | Vigilans | original_mix | - | Extended Version | -',
  ],
  [
    'Fred again.. & Brian Eno - Cmon Lets Go (Vocal Mix)',
    'Fred again.., Brian Eno | - | Cmon Lets Go | original_mix | - | Vocal Mix | -',
  ],
  ['Joris Voorn - Ringo (Joris Voorn Rework)', 'Joris Voorn | - | Ringo | edit | Joris Voorn | - | -'],
  [
    'Chaos In The CBD - Midnight In Peckham (Main Mix)',
    'Chaos In The CBD | - | Midnight In Peckham | original_mix | - | Main Mix | -',
  ],
  ['Weval - Someday (Dub Version)', 'Weval | - | Someday | original_mix | - | Dub Version | -'],
  ['Mall Grab - Spirit Fingers (Refix)', 'Mall Grab | - | Spirit Fingers | remix | - | Refix | -'],
  ['Overmono - So U Kno (Overmono Flip)', 'Overmono | - | So U Kno | remix | Overmono | - | -'],
  [
    'Ricardo Villalobos / Max Loderbauer - Reblok',
    'Ricardo Villalobos, Max Loderbauer | - | Reblok | original_mix | - | - | -',
  ],
  ['Artist Without Dash', 'not a track'],
];

describe('the credits of real-looking tracklist titles', () => {
  it(`has at least 60 rows`, () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(60);
  });
  it.each(TABLE)('%s', (line, expected) => {
    expect(summary(line)).toBe(expected);
  });
});

describe('a version named in the title', () => {
  it.each([
    ['Hernán Cattáneo - Send the Signal (Intro Mix)', 'Send the Signal', 'original_mix', 'Intro Mix', []],
    ['Kamilo Sanclemente - La Puesta (Progressive Mix)', 'La Puesta', 'original_mix', 'Progressive Mix', []],
    ['Coyu - All of You (Remix)', 'All of You', 'remix', 'Remix', []],
    ['Mathame - Relax My Eyes (Restricted Edit)', 'Relax My Eyes', 'edit', 'Restricted Edit', []],
    [
      'Mathame - Relax My Eyes (Kevin de Vries Remix)',
      'Relax My Eyes',
      'remix',
      'Kevin de Vries',
      ['Kevin de Vries'],
    ],
  ])('%s', (line, title, mixType, mixName, mixers) => {
    const p = parseTrackText(line, isKnown);
    expect(p).toMatchObject({ title, mixType, mixName });
    expect(p?.credits.filter((c) => c.role === 'mixer').map((c) => c.name)).toEqual(mixers);
  });

  it('is the same track as a title still carrying the bracket, and not the original', () => {
    const version = parseTrackText('Hernán Cattáneo - Send the Signal (Intro Mix)', isKnown);
    const original = parseTrackText('Hernán Cattáneo - Send the Signal', isKnown);
    const credits = [{ name: 'Hernán Cattáneo', role: 'producer' }];
    const written = {
      title: 'Send the Signal (Intro Mix)',
      artistLine: 'Hernán Cattáneo',
      mixType: 'original_mix',
      mixName: null,
      credits,
    };
    if (!version || !original) throw new Error('not read');
    expect(trackKey(version)).toBe(trackKey(written));
    expect(trackKey(version)).not.toBe(trackKey(original));
    const edit = parseTrackText('Mathame - Relax My Eyes (Restricted Edit)', isKnown);
    if (!edit) throw new Error('not read');
    expect(trackKey(edit)).toBe(
      trackKey({
        ...written,
        title: 'Relax My Eyes (Restricted Edit)',
        artistLine: 'Mathame',
        credits: [{ name: 'Mathame', role: 'producer' }],
      }),
    );
  });

  it('keeps a second version bracket in the title, and a feat. bracket a credit', () => {
    const p = parseTrackText('Lane 8 - Road (feat. Arctic Lake) (Intro Mix) (Radio Edit)', isKnown);
    expect(p).toMatchObject({ title: 'Road (Radio Edit)', mixType: 'original_mix', mixName: 'Intro Mix' });
    expect(p?.credits).toContainEqual({ name: 'Arctic Lake', role: 'feat' });
  });
});

describe('artists written as a comma list', () => {
  const producers = (line: string, known = isKnown) =>
    parseTrackText(line, known)
      ?.credits.filter((c) => c.role === 'producer')
      .map((c) => c.name);

  it("takes the commas as the separators, an '&' inside a name", () => {
    expect(producers('Maickel Telussa, Lissat, Block & Crown - Fade', () => false)).toEqual([
      'Maickel Telussa',
      'Lissat',
      'Block & Crown',
    ]);
  });

  it("parts an '&' in a comma list when the catalogue knows both sides and not the whole", () => {
    const known = new Set(['Marino Canal', 'Delhia De France'].map(normaliseName));
    expect(
      producers('Adriatique, Marino Canal & Delhia De France - Home', (n) => known.has(normaliseName(n))),
    ).toEqual(['Adriatique', 'Marino Canal', 'Delhia De France']);
  });

  it("still reads 'A & B' alone as two artists, unless the catalogue knows the whole name", () => {
    expect(producers('Block & Crown - Fade', () => false)).toEqual(['Block', 'Crown']);
    expect(producers('Block & Crown - Fade')).toEqual(['Block & Crown']);
  });
});
