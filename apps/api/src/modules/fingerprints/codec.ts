// Fingerprints as PostgreSQL stores them (bytea of little-endian 32-bit values) and the bit error
// rate that says how alike two stretches are.

export function toBytes(values: Uint32Array): Uint8Array {
  const bytes = new Uint8Array(values.length * 4);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < values.length; i++) view.setUint32(i * 4, values[i] ?? 0, true);
  return bytes;
}

export function fromBytes(bytes: Uint8Array): Uint32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const values = new Uint32Array(Math.floor(bytes.byteLength / 4));
  for (let i = 0; i < values.length; i++) values[i] = view.getUint32(i * 4, true);
  return values;
}

/** The value as PostgreSQL's int4 holds it (the same 32 bits, signed). */
export const asInt4 = (v: number): number => v | 0;

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * Share of differing bits between `query[qFrom..qTo)` and `ref` shifted by `offset` (ref index =
 * query index + offset), over the positions both have; 0.5 when they share none.
 */
export function bitErrorRate(
  query: Uint32Array,
  ref: Uint32Array,
  offset: number,
  qFrom = 0,
  qTo = query.length,
): { ber: number; compared: number } {
  const from = Math.max(qFrom, -offset);
  const to = Math.min(qTo, ref.length - offset);
  if (to <= from) return { ber: 0.5, compared: 0 };
  let errors = 0;
  for (let i = from; i < to; i++) errors += popcount(((query[i] ?? 0) ^ (ref[i + offset] ?? 0)) >>> 0);
  return { ber: errors / (32 * (to - from)), compared: to - from };
}
