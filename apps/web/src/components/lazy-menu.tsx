import type { MenuProps } from '@mui/material/Menu';
import { lazy, Suspense, useState } from 'react';

// MUI's Menu brings its popover, modal and focus trap; a menu's code waits for its first opening.
const MuiMenu = lazy(() => import('@mui/material/Menu'));

/** MUI's Menu, loaded the first time it opens and kept mounted after that (closing keeps its transition). */
export function Menu(props: MenuProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <MuiMenu {...props} />
    </Suspense>
  );
}
