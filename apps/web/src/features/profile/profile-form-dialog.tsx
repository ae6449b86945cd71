import type { User } from '@cratedig/contract/user';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/api-error';
import { type ApiClient, apiClient } from '../../api/client';
import { useSnackbar } from '../../lib/toast';
import { useAuth } from '../auth';
import { PROFILE_MESSAGES } from './profile-messages';

/**
 * Saves a profile setting (PUT /me/...) and tells the user how it went (docs/accounts.md Profile): the
 * signed-in user is replaced by the server's answer, the dialog closes on success, and failures show
 * 'Failed to update profile'; a refused field also gets the server's message under it (errors.json).
 * One save at a time.
 */
export function useProfileSave(onDone: () => void) {
  const api = useApi();
  const { updateUser } = useAuth();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});

  /** `send` makes the call, e.g. `(calls) => calls.accounts.updateProfile({ body })`. */
  async function save(send: (calls: ApiClient) => Promise<User>, successMessage: string) {
    if (busy) return;
    setBusy(true);
    setFieldErrors({});
    try {
      updateUser(await send(apiClient(api.transport)));
      enqueueSnackbar(successMessage, { variant: 'success' });
      onDone();
    } catch (error) {
      console.error('saving the profile failed', error);
      if (isApiError(error) && error.status === 422) setFieldErrors(error.errors?.json ?? {});
      enqueueSnackbar(PROFILE_MESSAGES.failed, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return { busy, save, fieldErrors };
}

/** The frame of the profile menu's dialogs: a form with a title, its fields, Cancel and Save. */
export function ProfileFormDialog({
  open,
  onClose,
  title,
  maxWidth,
  busy,
  onSubmit,
  noValidate,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  maxWidth: 'xs' | 'sm';
  busy: boolean;
  onSubmit: () => void;
  noValidate?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={maxWidth}
    >
      {/* A form inside the dialog, not the dialog's own element: a form may not take the dialog role.
          It lays its parts out as the dialog would (display: contents). */}
      <Box component="form" onSubmit={submit} noValidate={noValidate} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {busy ? 'Saving…' : 'Save'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
