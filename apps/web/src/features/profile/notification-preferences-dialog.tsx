import { NOTIFICATION_TIMEFRAMES, type NotificationTimeframe } from '@cratedig/contract/constants';
import type { User } from '@cratedig/contract/user';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import { useSnackbar } from 'notistack';
import { type FormEvent, useId, useState } from 'react';
import { useAuth } from '../auth/auth-context';
import { PROFILE_MESSAGES } from './profile-messages';

const TIMEFRAME_LABELS: Record<NotificationTimeframe, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/** spec §2 Profile menu → Notification Preferences: daily/weekly/monthly digest, on or off. */
export function NotificationPreferencesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { api, user, updateUser } = useAuth();
  const { enqueueSnackbar } = useSnackbar();
  // spec §3 defaults: daily, enabled.
  const [timeframe, setTimeframe] = useState<NotificationTimeframe>(user?.notification_timeframe ?? 'daily');
  const [enabled, setEnabled] = useState(user?.notification_preferences_enabled ?? true);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const groupLabelId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const updated = await api.transport.put<User>('/me/notification-preferences', {
        body: { notification_timeframe: timeframe, notification_preferences_enabled: enabled },
      });
      updateUser(updated);
      enqueueSnackbar(`${PROFILE_MESSAGES.notificationsUpdated} ${timeframe}`, { variant: 'success' });
      onClose();
    } catch (error) {
      console.error('notification preferences update failed', error);
      enqueueSnackbar(PROFILE_MESSAGES.failed, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: { component: 'form', onSubmit } as object }}
    >
      <DialogTitle id={titleId}>Notification Preferences</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          A digest of the IDs you watch that were released, by email.
        </DialogContentText>
        <FormControlLabel
          control={
            <Switch
              checked={enabled}
              onChange={(event) => setEnabled(event.target.checked)}
              disabled={busy}
            />
          }
          label="Email me a digest"
          sx={{ mb: 1.5 }}
        />
        <FormControl disabled={busy || !enabled}>
          <FormLabel id={groupLabelId}>How often</FormLabel>
          <RadioGroup
            aria-labelledby={groupLabelId}
            name="notification_timeframe"
            value={timeframe}
            onChange={(event) => setTimeframe(event.target.value as NotificationTimeframe)}
          >
            {NOTIFICATION_TIMEFRAMES.map((value) => (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio />}
                label={TIMEFRAME_LABELS[value]}
              />
            ))}
          </RadioGroup>
        </FormControl>
      </DialogContent>
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
    </Dialog>
  );
}
