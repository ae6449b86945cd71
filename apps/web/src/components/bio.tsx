import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId, useLayoutEffect, useRef, useState } from 'react';

/** True when the element's text runs past its box: the three-line fold actually cut something. */
export function isCut(element: HTMLElement): boolean {
  return element.scrollHeight > element.clientHeight + 1;
}

/**
 * A text folded to `lines` lines, whole on Read more (docs/web-app.md: artist bios, a profile's About).
 * Read more shows only when the fold cuts the text, measured on screen (a short text, or a wide one,
 * is whole).
 */
export function FoldedText({
  text,
  lines = 3,
  label,
  sx,
}: {
  text: string;
  lines?: number;
  /** The text's accessible name (e.g. "Bio"), when the page has no heading for it. */
  label?: string;
  sx?: SxProps<Theme>;
}) {
  const [open, setOpen] = useState(false);
  const [cut, setCut] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const id = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text is measured again, even when its box keeps its size
  useLayoutEffect(() => {
    const element = ref.current;
    // Measured only while folded; once open the button stays so the text can fold again.
    if (!element || open) return;
    const measure = () => setCut(isCut(element));
    measure();
    // jsdom has no ResizeObserver; a resize then keeps the first measurement.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, [open, text]);

  return (
    <>
      <Typography
        ref={ref}
        id={id}
        aria-label={label}
        color="text.secondary"
        sx={[
          {
            whiteSpace: 'pre-line',
            lineHeight: 1.7,
            overflowWrap: 'anywhere',
            ...(open
              ? {}
              : {
                  display: '-webkit-box',
                  WebkitLineClamp: lines,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                }),
          },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
      >
        {text}
      </Typography>
      {(cut || open) && (
        <Button
          size="small"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          aria-controls={id}
          sx={{ mt: 0.5, px: 0 }}
        >
          {open ? 'Show less' : 'Read more'}
        </Button>
      )}
    </>
  );
}

/** An artist's or a label's bio under its heading, folded to three lines. */
export function Bio({ text }: { text: string }) {
  return (
    <Box component="section" aria-label="Bio" sx={{ mt: 3, maxWidth: 760 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Bio
      </Typography>
      <FoldedText text={text} />
    </Box>
  );
}
