import type { TextRange } from '@cratedig/contract/search-normalise';
import Box from '@mui/material/Box';
import { Fragment } from 'react';
import { colors } from '../lib/design-tokens';
import { truncate } from '../lib/format';

/**
 * `text` with the `[start, end)` ranges (UTF-16 offsets) wrapped in <mark>, cut to `max` characters
 * with an ellipsis like every card text (docs/web-app.md). When the first match lies past the cut, the shown
 * part moves to it ("…Closing Set at Kanal 9"): a result always shows why it matched. Ranges outside
 * the shown part are dropped.
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
  const sorted = [...(ranges ?? [])].sort((a, b) => a[0] - b[0]);
  const part = excerpt(text, sorted, max);
  const visible = part.text;
  const pieces: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const [rangeFrom, rangeTo] of sorted) {
    const from = rangeFrom - part.begin;
    const to = rangeTo - part.begin;
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
      {part.lead && '…'}
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
      {part.tail && '…'}
    </>
  );
}

/** The part of `text` a card shows: where it begins, and whether an ellipsis leads or ends it. */
export interface Excerpt {
  text: string;
  begin: number;
  lead: boolean;
  tail: boolean;
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * At most `max` characters of `text` counting the ellipses: its start (as truncate() cuts it), or,
 * when the first range would fall past that cut, the part from a word start at or before that range.
 */
export function excerpt(text: string, ranges: readonly TextRange[], max: number | undefined): Excerpt {
  if (max === undefined || Array.from(text).length <= max) {
    return { text, begin: 0, lead: false, tail: false };
  }
  const first = ranges[0];
  const head = truncate(text, max).slice(0, -1);
  if (!first || first[1] <= head.length) return { text: head, begin: 0, lead: false, tail: true };
  const room = max - 1;
  // The end of the text is near: show it all, led by an ellipsis. Otherwise start at the match.
  let begin = text.length - first[0] <= room ? text.length - room : first[0];
  // Start on a word, never on the dash or space before it.
  while (begin > 0 && begin < first[0] && WORD_CHARACTER.test(text.charAt(begin - 1))) begin += 1;
  while (begin < first[0] && !WORD_CHARACTER.test(text.charAt(begin))) begin += 1;
  const tail = text.length - begin > room;
  const shown = text.slice(begin, begin + (tail ? room - 1 : room)).trimEnd();
  return { text: shown, begin, lead: true, tail };
}

// The dark theme's highlight: the accent on a faint wash of it, never the browser's yellow block.
const markStyle = {
  color: colors.acid,
  bgcolor: 'rgba(198, 255, 58, 0.14)',
  borderRadius: '3px',
  boxShadow: '0 0 0 1px rgba(198, 255, 58, 0.14)',
  fontWeight: 'inherit',
} as const;
