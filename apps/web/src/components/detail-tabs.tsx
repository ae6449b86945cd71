import Box from '@mui/material/Box';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { formatNumber } from '../lib/format';
import styles from './detail-tabs.module.css';

export interface DetailTab {
  key: string;
  label: string;
  /** docs/web-app.md: a tab appears only when its count is above 0; undefined = always shown. */
  count?: number;
  render: () => ReactNode;
}

/** Where the arrow keys, Home and End move the focus in a list of `count` tabs (WAI-ARIA tabs). */
function nextFocus(key: string, at: number, count: number): number | null {
  if (key === 'ArrowRight') return (at + 1) % count;
  if (key === 'ArrowLeft') return (at - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * The tabs of a detail page; only the selected panel renders (and fetches). Each tab's state (its
 * sort above all) is its own: two tabs rendering the same list component must not hand one's sort to
 * the other, since an ID list sorts only by artist, title or first seen and the API refuses a track
 * list's sort there. The panel is keyed by its tab, so switching tabs starts the new one afresh.
 *
 * The list follows the WAI-ARIA tabs pattern with manual activation: the selected tab is the one in
 * the page's tab order, the arrow keys (and Home, End) move between tabs, Enter or Space opens one.
 */
export function DetailTabs({ tabs, label }: { tabs: DetailTab[]; label: string }) {
  const shown = tabs.filter((tab) => tab.count === undefined || tab.count > 0);
  const [selected, setSelected] = useState<string | undefined>(shown[0]?.key);
  const list = useRef<HTMLDivElement>(null);
  const current = shown.find((tab) => tab.key === selected) ?? shown[0];
  if (!current) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = Array.from(list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? []);
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const to = at < 0 ? null : nextFocus(event.key, at, buttons.length);
    if (to === null) return;
    event.preventDefault();
    buttons[to]?.focus();
  };

  return (
    <Box sx={{ mt: 4 }}>
      <div ref={list} role="tablist" aria-label={label} className={styles.list} onKeyDown={onKeyDown}>
        {shown.map((tab) => {
          const isCurrent = tab.key === current.key;
          return (
            <button
              key={tab.key}
              type="button"
              role="tab"
              id={`tab-${tab.key}`}
              aria-controls={`panel-${tab.key}`}
              aria-selected={isCurrent}
              tabIndex={isCurrent ? 0 : -1}
              className={styles.tab}
              onClick={() => setSelected(tab.key)}
            >
              {tab.label}
              {tab.count !== undefined && (
                <>
                  {' '}
                  <span className={styles.count}>{formatNumber(tab.count)}</span>
                </>
              )}
            </button>
          );
        })}
      </div>
      <Box
        key={current.key}
        role="tabpanel"
        id={`panel-${current.key}`}
        aria-labelledby={`tab-${current.key}`}
        sx={{ pt: 3 }}
      >
        {current.render()}
      </Box>
    </Box>
  );
}
