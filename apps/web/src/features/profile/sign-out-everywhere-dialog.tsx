import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import { useSnackbar } from '../../lib/toast';
import { useAuth } from '../auth';
import { PROFILE_MESSAGES } from './profile-messages';

/**
 * Profile menu → Sign out everywhere: `DELETE /api/me/sessions` ends every session of the account (other
 * browsers, phones, a forgotten computer), then this one signs out too. If the call fails nothing
 * changes and the person can try again.
 */
export function SignOutEverywhereDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const api = useApi();
  const { logout } = useAuth();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  async function confirm() {
    if (busy) return;
    setBusy(true);
    try {
      await apiClient(api.transport).accounts.endEverySession();
    } catch (error) {
      console.error('signing out everywhere failed', error);
      enqueueSnackbar(PROFILE_MESSAGES.signOutEverywhereFailed, { variant: 'error' });
      setBusy(false);
      return;
    }
    enqueueSnackbar(PROFILE_MESSAGES.signedOutEverywhere, { variant: 'success' });
    await logout({ endedOnServer: true });
  }

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>Sign out everywhere?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          You will be signed out of Cratedig on every browser and device where you are signed in, this one
          included. Sign in again wherever you want to keep listening.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => void confirm()}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {busy ? 'Signing out…' : 'Sign out everywhere'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
