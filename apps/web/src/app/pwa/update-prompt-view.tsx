import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import SnackbarContent from '@mui/material/SnackbarContent';
import { colors } from '../../lib/design-tokens';

export const UPDATE_READY_MESSAGE = 'A new version of Cratedig is ready';

/** 'A new version of Cratedig is ready — Reload': stays until the listener reloads. */
export function UpdatePromptView({ onReload }: { onReload: () => void }) {
  return (
    <Snackbar open anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} sx={{ mb: 12 }}>
      <SnackbarContent
        role="status"
        message={`${UPDATE_READY_MESSAGE} —`}
        sx={{ bgcolor: colors.surface3, color: colors.text }}
        action={
          <Button size="small" onClick={onReload} sx={{ color: colors.acid, fontWeight: 700 }}>
            Reload
          </Button>
        }
      />
    </Snackbar>
  );
}
