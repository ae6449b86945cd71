import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useLayoutEffect, useRef, useState } from 'react';

/** True when the element's text runs past its box: the three-line fold actually cut something. */
export function isCut(element: HTMLElement): boolean {
  return element.scrollHeight > element.clientHeight + 1;
}

/**
 * An expandable bio: three lines folded, the whole text on Read more (docs/web-app.md artist page). Read more
 * shows only when the fold cuts the text, measured on screen (a short bio, or a wide one, is whole).
 */
export function Bio({ text }: { text: string }) {
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
    <Box component="section" aria-label="Bio" sx={{ mt: 3, maxWidth: 760 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Bio
      </Typography>
      <Typography
        ref={ref}
        id={id}
        color="text.secondary"
        sx={{
          whiteSpace: 'pre-line',
          lineHeight: 1.7,
          ...(open
            ? {}
            : {
                display: '-webkit-box',
                WebkitLineClamp: 3,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }),
        }}
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
    </Box>
  );
}
