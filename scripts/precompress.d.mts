/** Byte totals of one precompress run over a folder. */
export interface PrecompressTotals {
  files: number;
  raw: number;
  br: number;
  gz: number;
}

/** Writes .br and .gz twins of every compressible file of `dir` (>= 1 KB) where they are smaller. */
export function precompress(dir: string): PrecompressTotals;
