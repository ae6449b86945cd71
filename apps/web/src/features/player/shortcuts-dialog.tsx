// The keyboard shortcuts help ('?' opens it).
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { colors } from '../../lib/design-tokens';
import { JUMP_TO_PEAK_SHORTCUT } from '../../lib/moment-shortcut';
import { SHORTCUTS } from './use-player-shortcuts';

// The player's keys, then the set page's jump to its most liked moment (the page handles that key).
const LISTED: ReadonlyArray<{ readonly keys: readonly string[]; action: string }> = [
  ...SHORTCUTS,
  JUMP_TO_PEAK_SHORTCUT,
];

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="shortcuts-title">
      <DialogTitle id="shortcuts-title">Keyboard shortcuts</DialogTitle>
      <DialogContent>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1.25 }}
        >
          {LISTED.map(({ keys, action }) => (
            <Box key={action} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ display: 'flex', gap: 0.5 }}>
                {keys.map((key) => (
                  <Box
                    component="kbd"
                    key={key}
                    sx={{
                      px: 0.75,
                      py: 0.25,
                      borderRadius: 1,
                      border: `1px solid ${colors.line}`,
                      backgroundColor: colors.surface3,
                      fontFamily: 'inherit',
                      fontSize: 12,
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {key}
                  </Box>
                ))}
              </Box>
              <Box component="dd" sx={{ m: 0, color: 'text.secondary', fontSize: 14 }}>
                {action}
              </Box>
            </Box>
          ))}
        </Box>
      </DialogContent>
    </Dialog>
  );
}
