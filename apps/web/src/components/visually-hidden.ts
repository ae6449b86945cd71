// Text for screen readers only: out of sight and out of the layout. The sizes are pixels because MUI's
// `sx` reads a bare 1 as 100 %, which made a hidden label as wide as its row and the page scroll sideways.
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
