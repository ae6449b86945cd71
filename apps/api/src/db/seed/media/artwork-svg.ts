import { createRandom, type Random } from './random';

// SVG compositions for the demo catalogue's artwork, one recognisable style per kind so a listener can
// tell a set from a track or an artist at a glance. Dark fields with vivid accents suit the dark
// theme. No text anywhere: fonts are not guaranteed on a fresh machine.

export type ArtworkKind = 'set' | 'track' | 'artist' | 'label' | 'festival' | 'venue';

export const ART_SIZE = 600;
const S = ART_SIZE;

interface Palette {
  hue: number;
  /** Darkest field colour. */
  bg: string;
  /** A lighter field colour for gradients. */
  bg2: string;
  accents: [string, string, string];
}

const hsl = (h: number, s: number, l: number): string =>
  `hsl(${Math.round(((h % 360) + 360) % 360)},${Math.round(s)}%,${Math.round(l)}%)`;
const f1 = (n: number): string => n.toFixed(1);

function palette(rnd: Random): Palette {
  const hue = rnd.int(0, 359);
  const [a, b, c] = rnd.pick([
    [0, 35, 70],
    [0, 180, 210],
    [0, 120, 240],
    [0, -40, 40],
    [0, 150, 200],
    [0, 25, 180],
  ] as const);
  const accent = (d: number): string => hsl(hue + d, rnd.range(72, 96), rnd.range(54, 66));
  return {
    hue,
    bg: hsl(hue + rnd.range(-25, 25), rnd.range(30, 55), rnd.range(5, 10)),
    bg2: hsl(hue + rnd.range(20, 60), rnd.range(35, 60), rnd.range(16, 26)),
    accents: [accent(a), accent(b), accent(c)],
  };
}

/** The SVG document for one item; the same kind and seed always give the same picture. */
export function artworkSvg(kind: ArtworkKind, seed: string): string {
  const rnd = createRandom(`art:${kind}:${seed}`);
  const p = palette(rnd);
  const body = DRAW[kind](rnd, p);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">${body}</svg>`;
}

/** The fallback artwork: a neutral record on a dark field, deliberately plain. */
export function defaultArtworkSvg(): string {
  const grooves = Array.from(
    { length: 22 },
    (_, i) =>
      `<circle cx="300" cy="300" r="${110 + i * 7}" fill="none" stroke="#fff" stroke-opacity="${i % 3 ? 0.05 : 0.1}"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">
<defs><radialGradient id="g" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#2a2540"/><stop offset="1" stop-color="#0c0b12"/></radialGradient></defs>
<rect width="600" height="600" fill="url(#g)"/><circle cx="300" cy="300" r="270" fill="#08080c"/>${grooves}
<circle cx="300" cy="300" r="80" fill="#7c5cff"/><circle cx="300" cy="300" r="8" fill="#08080c"/></svg>`;
}

const DRAW: Record<ArtworkKind, (rnd: Random, p: Palette) => string> = {
  set: (rnd, p) => rnd.pick([vinyl, beams, landscape])(rnd, p),
  track: geometric,
  artist: portrait,
  label: logoMark,
  festival: stage,
  venue: neon,
};

function backdrop(id: string, p: Palette, cx = '50%', cy = '30%'): string {
  return `<defs><radialGradient id="${id}" cx="${cx}" cy="${cy}" r="85%"><stop offset="0" stop-color="${p.bg2}"/><stop offset="1" stop-color="${p.bg}"/></radialGradient></defs><rect width="${S}" height="${S}" fill="url(#${id})"/>`;
}

/** A glow: a radial gradient from a colour to transparent, cheap compared with a blur filter. */
function glow(id: string, color: string, cx: number, cy: number, r: number, opacity = 0.8): string {
  return `<defs><radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient></defs><circle cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(r)}" fill="url(#${id})"/>`;
}

// Sets: a record seen from above, with grooves, a coloured label and a sheen.
function vinyl(rnd: Random, p: Palette): string {
  const cx = rnd.range(230, 370);
  const cy = rnd.range(230, 370);
  const r = rnd.range(230, 300);
  let grooves = '';
  for (let g = r * 0.38; g < r - 6; g += rnd.range(3, 7)) {
    grooves += `<circle cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(g)}" fill="none" stroke="#fff" stroke-opacity="${(0.04 + rnd.next() * 0.1).toFixed(2)}"/>`;
  }
  const sheen = rnd.range(0, 360);
  const lr = r * rnd.range(0.28, 0.34);
  return `${backdrop('b', p, '20%', '15%')}${glow('h', p.accents[1], cx, cy, r * 1.25, 0.45)}
<circle cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(r)}" fill="#09090d"/>${grooves}
<g transform="rotate(${f1(sheen)} ${f1(cx)} ${f1(cy)})" opacity="0.07"><path d="M${f1(cx)} ${f1(cy)} L${f1(cx - r * 0.35)} ${f1(cy - r)} L${f1(cx + r * 0.35)} ${f1(cy - r)} Z" fill="#fff"/><path d="M${f1(cx)} ${f1(cy)} L${f1(cx - r * 0.35)} ${f1(cy + r)} L${f1(cx + r * 0.35)} ${f1(cy + r)} Z" fill="#fff"/></g>
<circle cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(lr)}" fill="${p.accents[0]}"/>
<circle cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(lr * 0.62)}" fill="none" stroke="${p.accents[2]}" stroke-width="${f1(lr * 0.12)}"/>
<circle cx="${f1(cx)}" cy="${f1(cy)}" r="7" fill="#09090d"/>`;
}

// Sets: light beams cutting through haze from a low stage.
function beams(rnd: Random, p: Palette): string {
  const n = rnd.int(4, 8);
  const ox = rnd.range(150, 450);
  const oy = rnd.pick([S + 20, rnd.range(380, 480)]);
  let out = `${backdrop('b', p, '50%', '90%')}`;
  for (let i = 0; i < n; i++) {
    const color = p.accents[i % 3] ?? p.accents[0];
    const angle = -90 + (i - (n - 1) / 2) * rnd.range(12, 22) + rnd.range(-5, 5);
    const spread = rnd.range(3, 8);
    const len = 900;
    const a1 = ((angle - spread) * Math.PI) / 180;
    const a2 = ((angle + spread) * Math.PI) / 180;
    out += `<defs><linearGradient id="l${i}" gradientUnits="userSpaceOnUse" x1="${f1(ox)}" y1="${f1(oy)}" x2="${f1(ox + Math.cos((angle * Math.PI) / 180) * 600)}" y2="${f1(oy + Math.sin((angle * Math.PI) / 180) * 600)}"><stop offset="0" stop-color="${color}" stop-opacity="0.9"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></linearGradient></defs>`;
    out += `<path d="M${f1(ox)} ${f1(oy)} L${f1(ox + Math.cos(a1) * len)} ${f1(oy + Math.sin(a1) * len)} L${f1(ox + Math.cos(a2) * len)} ${f1(oy + Math.sin(a2) * len)} Z" fill="url(#l${i})" style="mix-blend-mode:screen"/>`;
  }
  out += glow('o', '#ffffff', ox, oy, 140, 0.7);
  for (let i = 0; i < 14; i++) {
    out += `<circle cx="${f1(rnd.range(0, S))}" cy="${f1(rnd.range(0, S * 0.8))}" r="${f1(rnd.range(2, 10))}" fill="#fff" fill-opacity="${(rnd.range(0.05, 0.25)).toFixed(2)}"/>`;
  }
  return out;
}

// Sets: a sunset over ridges drawn as waveform bars.
function landscape(rnd: Random, p: Palette): string {
  const sunY = rnd.range(180, 300);
  let out = `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.bg}"/><stop offset="0.7" stop-color="${p.bg2}"/><stop offset="1" stop-color="${p.accents[1]}"/></linearGradient></defs><rect width="${S}" height="${S}" fill="url(#sky)"/>`;
  out += glow('s', p.accents[0], S / 2, sunY, 220, 0.55);
  out += `<circle cx="${S / 2}" cy="${f1(sunY)}" r="${f1(rnd.range(70, 110))}" fill="${p.accents[0]}"/>`;
  const layers = 4;
  for (let l = 0; l < layers; l++) {
    const base = 330 + l * 70;
    const bar = rnd.pick([6, 8, 10, 12]);
    const amp = rnd.range(40, 110) / (l + 1);
    const ph = rnd.range(0, 10);
    const fr = rnd.range(0.008, 0.02);
    const light = 22 - l * 5;
    let bars = '';
    for (let x = 0; x < S; x += bar) {
      const h =
        amp * (0.55 + 0.45 * Math.sin(x * fr + ph)) * (0.6 + 0.4 * Math.sin(x * fr * 3.7 + ph * 2)) + 8;
      bars += `<rect x="${x}" y="${f1(base - h)}" width="${bar - 2}" height="${f1(S - base + h)}"/>`;
    }
    out += `<g fill="${hsl(p.hue + 180 + l * 25, 45, light)}">${bars}</g>`;
  }
  return out;
}

// Tracks: a bold geometric cover on a grid of 2-4 cells, Bauhaus-like.
function geometric(rnd: Random, p: Palette): string {
  const n = rnd.pick([2, 3, 3, 4]);
  const c = S / n;
  const colors = [...p.accents, hsl(p.hue + 40, 20, 90), p.bg2];
  const field = rnd.pick([p.bg, hsl(p.hue, 45, 14)]);
  let out = `<rect width="${S}" height="${S}" fill="${field}"/>`;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const x = i * c;
      const y = j * c;
      const col = rnd.pick(colors);
      const rot = rnd.int(0, 3) * 90;
      const t = `transform="rotate(${rot} ${f1(x + c / 2)} ${f1(y + c / 2)})"`;
      if (rnd.chance(0.3))
        out += `<rect x="${f1(x)}" y="${f1(y)}" width="${f1(c)}" height="${f1(c)}" fill="${rnd.pick(colors)}" fill-opacity="0.25"/>`;
      switch (rnd.int(0, 5)) {
        case 0:
          out += `<circle cx="${f1(x + c / 2)}" cy="${f1(y + c / 2)}" r="${f1(c * 0.42)}" fill="${col}"/>`;
          break;
        case 1:
          out += `<path ${t} d="M${f1(x)} ${f1(y + c)} A${f1(c)} ${f1(c)} 0 0 1 ${f1(x + c)} ${f1(y)} L${f1(x + c)} ${f1(y + c)} Z" fill="${col}"/>`;
          break;
        case 2:
          out += `<path ${t} d="M${f1(x)} ${f1(y + c)} L${f1(x + c / 2)} ${f1(y)} L${f1(x + c)} ${f1(y + c)} Z" fill="${col}"/>`;
          break;
        case 3:
          out += `<path ${t} d="M${f1(x)} ${f1(y + c / 2)} A${f1(c / 2)} ${f1(c / 2)} 0 0 1 ${f1(x + c)} ${f1(y + c / 2)} Z" fill="${col}"/>`;
          break;
        case 4: {
          const k = rnd.int(3, 5);
          for (let b = 0; b < k; b++) {
            out += `<rect ${t} x="${f1(x)}" y="${f1(y + (b * c) / k)}" width="${f1(c)}" height="${f1(c / k / 2)}" fill="${col}"/>`;
          }
          break;
        }
        default:
          out += `<circle cx="${f1(x + c / 2)}" cy="${f1(y + c / 2)}" r="${f1(c * 0.4)}" fill="none" stroke="${col}" stroke-width="${f1(c * 0.12)}"/>`;
      }
    }
  }
  return out;
}

// Artists: a soft silhouette portrait with a rim light and a halftone dot screen.
function portrait(rnd: Random, p: Palette): string {
  const hx = rnd.range(250, 350);
  const hy = rnd.range(210, 260);
  const hr = rnd.range(80, 100);
  const tilt = rnd.range(-8, 8);
  const rim = p.accents[0];
  const dot = rnd.pick([10, 12, 14]);
  // Halftone: a dot screen fading towards one corner, like a printed gig poster. A pattern under a
  // gradient mask renders ~10x faster than thousands of individual circles.
  const gx = rnd.pick(['0%', '100%']);
  const dots = `<defs><pattern id="ht" width="${dot}" height="${dot}" patternUnits="userSpaceOnUse"><circle cx="${dot / 2}" cy="${dot / 2}" r="${f1(dot * 0.32)}" fill="${p.accents[2]}"/></pattern>
<radialGradient id="hm" cx="${gx}" cy="100%" r="110%"><stop offset="0" stop-color="#fff" stop-opacity="0.8"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<mask id="m"><rect width="${S}" height="${S}" fill="url(#hm)"/></mask></defs><rect width="${S}" height="${S}" fill="url(#ht)" mask="url(#m)"/>`;
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.accents[1]}"/><stop offset="0.55" stop-color="${p.bg2}"/><stop offset="1" stop-color="${p.bg}"/></linearGradient>
<radialGradient id="sk" cx="35%" cy="30%" r="80%"><stop offset="0" stop-color="${hsl(p.hue + 20, 25, 26)}"/><stop offset="1" stop-color="${hsl(p.hue, 30, 7)}"/></radialGradient></defs>
<rect width="${S}" height="${S}" fill="url(#bg)"/>${dots}
${glow('rim', rim, hx + 40, hy - 20, 260, 0.6)}
<g transform="rotate(${f1(tilt)} ${f1(hx)} ${f1(hy)})">
<path d="M${f1(hx - 290)} ${S} C${f1(hx - 280)} ${f1(hy + 190)} ${f1(hx - 200)} ${f1(hy + 165)} ${f1(hx - 60)} ${f1(hy + hr + 40)} L${f1(hx - 45)} ${f1(hy + hr * 0.7)} L${f1(hx + 45)} ${f1(hy + hr * 0.7)} L${f1(hx + 60)} ${f1(hy + hr + 40)} C${f1(hx + 200)} ${f1(hy + 165)} ${f1(hx + 280)} ${f1(hy + 190)} ${f1(hx + 290)} ${S} Z" fill="url(#sk)" stroke="${rim}" stroke-opacity="0.7" stroke-width="3"/>
<ellipse cx="${f1(hx)}" cy="${f1(hy)}" rx="${f1(hr * 0.82)}" ry="${f1(hr)}" fill="url(#sk)" stroke="${rim}" stroke-opacity="0.85" stroke-width="4"/>
</g>`;
}

// Labels: one strong mark on a flat field.
function logoMark(rnd: Random, p: Palette): string {
  const flat = rnd.pick([p.bg, hsl(p.hue, 15, 92), p.accents[0], hsl(p.hue, 40, 14)]);
  const light = flat.endsWith('92%)');
  const ink = light ? hsl(p.hue, 40, 10) : flat === p.accents[0] ? '#0b0b10' : p.accents[0];
  const cx = 300;
  const cy = 300;
  let mark = '';
  switch (rnd.int(0, 4)) {
    case 0: {
      // ring with a cut and a dot
      mark = `<circle cx="${cx}" cy="${cy}" r="150" fill="none" stroke="${ink}" stroke-width="46" stroke-dasharray="${f1(rnd.range(500, 820))} 200"/><circle cx="${cx}" cy="${cy}" r="44" fill="${ink}"/>`;
      break;
    }
    case 1: {
      // stacked bars of a spectrum
      const k = rnd.int(5, 9);
      const w = 260 / k;
      for (let i = 0; i < k; i++) {
        const h = 60 + 200 * Math.abs(Math.sin(i * 1.3 + rnd.range(0, 1)));
        mark += `<rect x="${f1(170 + i * w)}" y="${f1(cy + 130 - h)}" width="${f1(w * 0.7)}" height="${f1(h)}" rx="${f1(w * 0.35)}" fill="${ink}"/>`;
      }
      break;
    }
    case 2: {
      // star polygon
      const pts = rnd.int(5, 9);
      const inner = rnd.range(0.35, 0.6);
      const d = Array.from({ length: pts * 2 }, (_, i) => {
        const r = i % 2 ? 170 * inner : 170;
        const a = (Math.PI * i) / pts - Math.PI / 2;
        return `${f1(cx + r * Math.cos(a))},${f1(cy + r * Math.sin(a))}`;
      }).join(' ');
      mark = `<polygon points="${d}" fill="${ink}"/>`;
      break;
    }
    case 3: {
      // interlocking squares
      mark = `<rect x="170" y="170" width="170" height="170" fill="none" stroke="${ink}" stroke-width="36"/><rect x="260" y="260" width="170" height="170" fill="${ink}"/>`;
      break;
    }
    default: {
      // concentric half moons
      mark = `<path d="M150 330 A150 150 0 0 1 450 330 Z" fill="${ink}"/><path d="M210 330 A90 90 0 0 1 390 330 Z" fill="${flat}"/><rect x="150" y="360" width="300" height="34" fill="${ink}"/>`;
    }
  }
  return `<rect width="${S}" height="${S}" fill="${flat}"/><g transform="rotate(${rnd.pick([0, 0, 45, -15, 15])} 300 300)">${mark}</g>`;
}

// Festivals: a stage wash of coloured lights over a crowd with raised hands.
function stage(rnd: Random, p: Palette): string {
  let out = `<rect width="${S}" height="${S}" fill="${p.bg}"/>`;
  out += glow('w', p.accents[0], 300, 360, 420, 0.75);
  out += glow('w2', p.accents[1], rnd.range(80, 520), 250, 260, 0.6);
  const lights = rnd.int(5, 9);
  for (let i = 0; i < lights; i++) {
    const x = 40 + (i * 520) / (lights - 1);
    const color = p.accents[i % 3] ?? p.accents[0];
    const tx = x + rnd.range(-180, 180);
    out += `<defs><linearGradient id="c${i}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${color}" stop-opacity="0.85"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></linearGradient></defs>`;
    out += `<path d="M${f1(x)} 40 L${f1(tx - 60)} 520 L${f1(tx + 60)} 520 Z" fill="url(#c${i})" opacity="0.55"/>`;
    out += `<circle cx="${f1(x)}" cy="40" r="9" fill="#fff"/>`;
  }
  for (let i = 0; i < 30; i++) {
    out += `<circle cx="${f1(rnd.range(0, S))}" cy="${f1(rnd.range(60, 420))}" r="${f1(rnd.range(3, 14))}" fill="${rnd.pick(p.accents)}" fill-opacity="${(rnd.range(0.15, 0.45)).toFixed(2)}"/>`;
  }
  // crowd: heads, shoulders and a few raised arms in silhouette
  let crowd = `<rect x="0" y="545" width="${S}" height="60"/>`;
  for (let x = -10; x < S + 20; x += rnd.range(26, 40)) {
    const y = rnd.range(470, 520);
    crowd += `<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(rnd.range(14, 19))}"/><rect x="${f1(x - 28)}" y="${f1(y + 14)}" width="56" height="120" rx="24"/>`;
    if (rnd.chance(0.3)) {
      const side = rnd.pick([-1, 1]);
      crowd += `<path d="M${f1(x + side * 14)} ${f1(y + 20)} L${f1(x + side * rnd.range(30, 55))} ${f1(y - rnd.range(60, 100))}" stroke="#050507" stroke-width="11" stroke-linecap="round"/>`;
    }
  }
  return `${out}<g fill="#050507">${crowd}</g>`;
}

// Venues: neon outlines of arches or frames receding in perspective.
function neon(rnd: Random, p: Palette): string {
  const n = rnd.int(5, 8);
  const arch = rnd.chance(0.5);
  const cx = rnd.range(260, 340);
  const cy = rnd.range(270, 330);
  let out = `<rect width="${S}" height="${S}" fill="${hsl(p.hue, 35, 4)}"/>`;
  // floor grid
  let grid = '';
  for (let i = -8; i <= 8; i++)
    grid += `<line x1="${f1(cx)}" y1="${f1(cy)}" x2="${f1(cx + i * 90)}" y2="${S}"/>`;
  for (let k = 1; k < 8; k++) {
    const y = cy + (S - cy) * (k / 8) ** 1.8;
    grid += `<line x1="0" y1="${f1(y)}" x2="${S}" y2="${f1(y)}"/>`;
  }
  out += `<g stroke="${p.accents[1]}" stroke-opacity="0.25" stroke-width="2">${grid}</g>`;
  out += `<rect x="0" y="0" width="${S}" height="${f1(cy)}" fill="${hsl(p.hue, 35, 4)}"/>`;
  out += glow('v', p.accents[0], cx, cy, 200, 0.5);
  for (let i = n - 1; i >= 0; i--) {
    const k = 0.18 + (0.82 * i) / (n - 1);
    const w = 520 * k;
    const h = 560 * k;
    const x = cx - w / 2;
    const y = cy - h * 0.55;
    const color = p.accents[i % 2 === 0 ? 0 : 2];
    const d = arch
      ? `M${f1(x)} ${f1(y + h)} L${f1(x)} ${f1(y + w / 2)} A${f1(w / 2)} ${f1(w / 2)} 0 0 1 ${f1(x + w)} ${f1(y + w / 2)} L${f1(x + w)} ${f1(y + h)}`
      : `M${f1(x)} ${f1(y + h)} L${f1(x)} ${f1(y)} L${f1(x + w)} ${f1(y)} L${f1(x + w)} ${f1(y + h)}`;
    const sw = 2 + 6 * k;
    // Neon glow drawn as wide faint strokes under a thin bright core (no blur filter: too slow).
    out += `<path d="${d}" fill="none" stroke="${color}" stroke-opacity="0.12" stroke-width="${f1(sw * 5)}"/>`;
    out += `<path d="${d}" fill="none" stroke="${color}" stroke-opacity="0.3" stroke-width="${f1(sw * 2.4)}"/>`;
    out += `<path d="${d}" fill="none" stroke="${hsl(p.hue, 100, 92)}" stroke-width="${f1(sw * 0.6)}"/>`;
  }
  return out;
}
