import type { TextRange } from '@cratedig/contract/search-normalise';
import Box from '@mui/material/Box';
import { Fragment } from 'react';
import { colors } from '../lib/design-tokens';
import { truncate } from '../lib/format';

/**
 * `text` with the `[start, end)` ranges (UTF-16 offsets) wrapped in <mark>, cut to `max` characters
 * with an ellipsis like every card text (spec §5). Ranges past the cut are dropped.
 */
export function Highlight({
  text,
  ranges,
  max,
}: {
  text: string;
  ranges: readonly TextRange[] | undefined;
  max?: number;
}) {
  const shown = max === undefined ? text : truncate(text, max);
  const cut = shown !== text;
  const visible = cut ? shown.slice(0, -1) : text;
  const pieces: { text: string; marked: boolean }[] = [];
  let at = 0;
  const sorted = [...(ranges ?? [])].sort((a, b) => a[0] - b[0]);
  for (const [from, to] of sorted) {
    const start = Math.max(from, at);
    const end = Math.min(to, visible.length);
    if (end <= start) continue;
    if (start > at) pieces.push({ text: visible.slice(at, start), marked: false });
    pieces.push({ text: visible.slice(start, end), marked: true });
    at = end;
  }
  if (at < visible.length) pieces.push({ text: visible.slice(at), marked: false });
  return (
    <>
      {pieces.map((piece, index) =>
        piece.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text have no other identity
          <Box component="mark" key={index} sx={markStyle}>
            {piece.text}
          </Box>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text have no other identity
          <Fragment key={index}>{piece.text}</Fragment>
        ),
      )}
      {cut && '…'}
    </>
  );
}

// The dark theme's highlight: the accent on a faint wash of it, never the browser's yellow block.
const markStyle = {
  color: colors.acid,
  bgcolor: 'rgba(198, 255, 58, 0.14)',
  borderRadius: '3px',
  boxShadow: '0 0 0 1px rgba(198, 255, 58, 0.14)',
  fontWeight: 'inherit',
} as const;
