// What every demo-catalogue builder shares: the one seeded random source, the list of pictures to
// render, and the demo's fixed calendar. Each builder draws from the same source in a fixed order, so
// the catalogue comes out identical on every run and machine; calling builders in another order, or
// adding a draw to one, changes every row after it.
import type { ArtworkKind } from './media/artwork-svg';
import { createRandom, type Random } from './media/random';

/** One picture to render: its kind, the seed that makes it distinct, and its file base name. */
export interface ArtJob {
  kind: ArtworkKind;
  seed: string;
  baseName: string;
}

export interface DemoBuild {
  r: Random;
  /** Pictures in the order the rows asking for them were built. */
  art: ArtJob[];
}

export function createDemoBuild(seed: string): DemoBuild {
  return { r: createRandom(seed), art: [] };
}

// The demo's "today": dates are fixed so that every run gives the same catalogue.
export const CATALOGUE_END = Date.UTC(2025, 9, 31);
export const SETS_FROM = Date.UTC(2019, 2, 1);
export const SETS_TO = Date.UTC(2025, 9, 15);
export const TRACKS_FROM = Date.UTC(2013, 0, 1);
export const DAY_MS = 86_400_000;

export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const dayBetween = (r: Random, from: number, to: number) =>
  from + Math.floor(r.next() * Math.floor((to - from) / DAY_MS)) * DAY_MS;

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Art paths as renderArtwork writes them (relative to the media folder), stored under /media/. */
export function artPaths(kind: ArtworkKind, baseName: string): { sm: string; xl: string } {
  return { sm: `art/${kind}s/${baseName}-sm.jpg`, xl: `art/${kind}s/${baseName}-xl.jpg` };
}

export function audioPath(baseName: string): string {
  return `audio/sets/${baseName}.mp3`;
}

/** Queues the item's picture and answers the row's two art URLs. */
export function withArt(build: DemoBuild, kind: ArtworkKind, id: number, name: string) {
  const baseName = `${id}-${slugify(name)}`.slice(0, 60);
  build.art.push({ kind, seed: `${kind}:${id}:${name}`, baseName });
  const p = artPaths(kind, baseName);
  return { artUrlSm: `/media/${p.sm}`, artUrlXl: `/media/${p.xl}` };
}
