import { DISPLAY } from '@cratedig/contract/constants';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { CardSkeletons } from './states';
import { useDesktop } from './use-desktop';

// docs/web-app.md expanded previews: 4, 3 or 2 items in view on large, medium and small screens; the rest of
// the row scrolls sideways (phones see a sliver of the third card, a hint that there is more).
const { lg, md, sm } = DISPLAY.expandedPreview;
const basis = (n: number) => `calc((100% - ${(n - 1) * 16}px) / ${n})`;

/** A titled horizontal row of cards (Home's featured lists). */
export function CardRow({
  title,
  seeAllTo,
  loading,
  round,
  empty,
  children,
}: {
  title: string;
  seeAllTo?: string;
  loading: boolean;
  round?: boolean;
  empty?: string;
  children: ReactNode[];
}) {
  const scroller = useRef<HTMLUListElement>(null);
  const headingId = useId();
  const shown = useGrowingCount(children.length);
  const desktop = useDesktop();
  const { back, forward } = useScrollRoom(scroller, shown, loading, desktop);
  const scrollBy = (dir: 1 | -1) => {
    const el = scroller.current;
    if (el) el.scrollBy({ left: dir * el.clientWidth * 0.9, behavior: 'smooth' });
  };
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: { xs: 4, md: 5 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography id={headingId} variant="h5" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {seeAllTo && (
          <Link component={RouterLink} to={seeAllTo} sx={{ fontWeight: 600, fontSize: '0.9rem', mr: 1 }}>
            See all
          </Link>
        )}
        {/* Arrows only for a row wider than the screen; each is off where it has nowhere to go. */}
        {(back || forward) && (
          <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}>
            <IconButton
              size="small"
              aria-label={`Scroll ${title} back`}
              disabled={!back}
              onClick={() => scrollBy(-1)}
            >
              <ChevronLeftRounded />
            </IconButton>
            <IconButton
              size="small"
              aria-label={`Scroll ${title} forward`}
              disabled={!forward}
              onClick={() => scrollBy(1)}
            >
              <ChevronRightRounded />
            </IconButton>
          </Box>
        )}
      </Box>
      {!loading && children.length === 0 ? (
        <Typography color="text.secondary">{empty ?? 'Nothing here yet.'}</Typography>
      ) : (
        <Box
          component="ul"
          ref={scroller}
          aria-busy={loading}
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            pb: 1,
            display: 'flex',
            gap: 2,
            overflowX: 'auto',
            scrollSnapType: 'x mandatory',
            scrollbarWidth: 'thin',
            '& > *': {
              flex: '0 0 auto',
              scrollSnapAlign: 'start',
              width: { xs: '42%', sm: basis(sm), md: basis(md), lg: basis(lg) },
              maxWidth: round ? 240 : 300,
            },
          }}
        >
          {loading ? <CardSkeletons count={lg} round={round} items /> : children.slice(0, shown)}
        </Box>
      )}
    </Box>
  );
}

/** Cards a row draws at once: what the widest screen shows, and the one it shows a sliver of. */
export const FIRST_CARDS = lg + 1;

/**
 * How many of a row's `total` cards to draw: the first FIRST_CARDS at once, then one more at each
 * moment the browser is idle. Home draws six rows of a dozen cards; drawn at once, each row held a
 * slowed phone's main thread for a third of a second, while the cards past the screen's edge only
 * need to be there by the time someone scrolls to them.
 */
function useGrowingCount(total: number): number {
  const [shown, setShown] = useState(FIRST_CARDS);
  useEffect(() => {
    if (shown >= total) return;
    const more = () => setShown((n) => n + 1);
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(more, { timeout: 1000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(more, 0);
    return () => window.clearTimeout(handle);
  }, [shown, total]);
  return Math.min(shown, total);
}

/**
 * Whether the row can scroll back and forward from where it is: read from the list's scroll box on
 * scroll, on resize and when its cards change, at the next frame (reading the box's widths at once
 * would lay the page out again after every card). Only from the md breakpoint, where the arrows show.
 */
function useScrollRoom(
  ref: React.RefObject<HTMLUListElement | null>,
  count: number,
  loading: boolean,
  enabled: boolean,
): { back: boolean; forward: boolean } {
  const [room, setRoom] = useState({ back: false, forward: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    // A pixel of slack: fractional widths can leave scrollWidth a rounding above clientWidth.
    const back = el.scrollLeft > 1;
    const forward = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setRoom((was) => (was.back === back && was.forward === forward ? was : { back, forward }));
  }, [ref]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the cards' count and loading change the row's width
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    let frame = 0;
    const soon = () => {
      if (frame === 0)
        frame = requestAnimationFrame(() => {
          frame = 0;
          measure();
        });
    };
    soon();
    el.addEventListener('scroll', soon, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(soon);
    observer?.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('scroll', soon);
      observer?.disconnect();
    };
  }, [measure, count, loading, enabled]);
  return room;
}
