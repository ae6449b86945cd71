import {
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type SyntheticEvent,
  useEffect,
  useId,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { colors } from '../lib/design-tokens';

type ChildProps = {
  onPointerEnter?: (event: PointerEvent) => void;
  onPointerLeave?: (event: PointerEvent) => void;
  onFocus?: (event: FocusEvent) => void;
  onBlur?: (event: FocusEvent) => void;
};

/** Room the tooltip needs below its element; with less, it opens above (e.g. in the bottom player). */
const ROOM_BELOW_PX = 48;

/**
 * A small text tip shown while the pointer rests on, or focus is inside, its child; Escape hides it.
 * The child keeps its own accessible name (the tip repeats it for the eye). Deliberately light: MUI's
 * Tooltip brings a positioning engine (Popper, about 10 KB gzipped) into every page that has a tip.
 */
export function Tooltip({ title, children }: { title: ReactNode; children: ReactElement<ChildProps> }) {
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  const id = useId();
  const show = (event: SyntheticEvent) => setAnchor((event.currentTarget as Element).getBoundingClientRect());
  const hide = () => setAnchor(null);

  useEffect(() => {
    if (!anchor) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setAnchor(null);
    };
    const onScroll = () => setAnchor(null);
    window.addEventListener('keydown', onKey);
    window.addEventListener('scroll', onScroll, { passive: true, capture: true });
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onScroll, { capture: true });
    };
  }, [anchor]);

  const own = children.props;
  const child = cloneElement(children, {
    onPointerEnter: (event: PointerEvent) => {
      own.onPointerEnter?.(event);
      if (event.pointerType === 'mouse') show(event);
    },
    onPointerLeave: (event: PointerEvent) => {
      own.onPointerLeave?.(event);
      hide();
    },
    onFocus: (event: FocusEvent) => {
      own.onFocus?.(event);
      if ((event.target as Element).matches?.(':focus-visible')) show(event);
    },
    onBlur: (event: FocusEvent) => {
      own.onBlur?.(event);
      hide();
    },
  });
  if (!anchor || !title) return child;
  const below = anchor.bottom + ROOM_BELOW_PX <= window.innerHeight;
  return (
    <>
      {child}
      {createPortal(
        <span
          id={id}
          role="tooltip"
          style={{
            position: 'fixed',
            left: Math.min(Math.max(anchor.left + anchor.width / 2, 80), window.innerWidth - 80),
            top: below ? anchor.bottom + 8 : anchor.top - 8,
            transform: below ? 'translateX(-50%)' : 'translate(-50%, -100%)',
            zIndex: 1500,
            pointerEvents: 'none',
            padding: '4px 8px',
            borderRadius: 4,
            fontSize: 12,
            fontWeight: 500,
            lineHeight: 1.4,
            whiteSpace: 'nowrap',
            color: colors.text,
            backgroundColor: colors.surface3,
            border: `1px solid ${colors.line}`,
          }}
        >
          {title}
        </span>,
        document.body,
      )}
    </>
  );
}
