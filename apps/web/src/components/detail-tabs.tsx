import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { type ReactNode, useState } from 'react';
import { formatNumber } from '../lib/format';

export interface DetailTab {
  key: string;
  label: string;
  /** docs/web-app.md: a tab appears only when its count is above 0; undefined = always shown. */
  count?: number;
  render: () => ReactNode;
}

/**
 * The tabs of a detail page; only the selected panel renders (and fetches). Each tab's state (its
 * sort above all) is its own: two tabs rendering the same list component must not hand one's sort to
 * the other, since an ID list sorts only by artist, title or first seen and the API refuses a track
 * list's sort there. The panel is keyed by its tab, so switching tabs starts the new one afresh.
 */
export function DetailTabs({ tabs, label }: { tabs: DetailTab[]; label: string }) {
  const shown = tabs.filter((tab) => tab.count === undefined || tab.count > 0);
  const [selected, setSelected] = useState<string | undefined>(shown[0]?.key);
  const current = shown.find((tab) => tab.key === selected) ?? shown[0];
  if (!current) return null;
  return (
    <Box sx={{ mt: 4 }}>
      <Tabs
        value={current.key}
        onChange={(_, key: string) => setSelected(key)}
        aria-label={label}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {shown.map((tab) => (
          <Tab
            key={tab.key}
            value={tab.key}
            id={`tab-${tab.key}`}
            aria-controls={`panel-${tab.key}`}
            label={
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'baseline', gap: 0.75 }}>
                {tab.label}
                {tab.count !== undefined && (
                  <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8rem', fontWeight: 500 }}>
                    {formatNumber(tab.count)}
                  </Box>
                )}
              </Box>
            }
          />
        ))}
      </Tabs>
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
