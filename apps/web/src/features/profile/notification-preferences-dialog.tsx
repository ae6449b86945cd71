import { NOTIFICATION_TIMEFRAMES, type NotificationTimeframe } from '@cratedig/contract/constants';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import { useId, useState } from 'react';
import { useAuth } from '../auth';
import { ProfileFormDialog, useProfileSave } from './profile-form-dialog';
import { PROFILE_MESSAGES } from './profile-messages';

const TIMEFRAME_LABELS: Record<NotificationTimeframe, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/** docs/web-app.md Profile menu → Notification Preferences: daily/weekly/monthly digest, on or off. */
export function NotificationPreferencesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useAuth();
  // docs/accounts.md defaults: daily, enabled.
  const [timeframe, setTimeframe] = useState<NotificationTimeframe>(user?.notification_timeframe ?? 'daily');
  const [enabled, setEnabled] = useState(user?.notification_preferences_enabled ?? true);
  const { busy, save } = useProfileSave(onClose);
  const groupLabelId = useId();

  const onSubmit = () =>
    save(
      (calls) =>
        calls.accounts.notificationPreferences({
          body: { notification_timeframe: timeframe, notification_preferences_enabled: enabled },
        }),
      `${PROFILE_MESSAGES.notificationsUpdated} ${timeframe}`,
    );

  return (
    <ProfileFormDialog
      open={open}
      onClose={onClose}
      title="Notification Preferences"
      maxWidth="xs"
      busy={busy}
      onSubmit={onSubmit}
    >
      <DialogContentText sx={{ mb: 2 }}>
        A digest of the IDs you watch that were released, by email.
      </DialogContentText>
      <FormControlLabel
        control={
          <Switch checked={enabled} onChange={(event) => setEnabled(event.target.checked)} disabled={busy} />
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
            <FormControlLabel key={value} value={value} control={<Radio />} label={TIMEFRAME_LABELS[value]} />
          ))}
        </RadioGroup>
      </FormControl>
    </ProfileFormDialog>
  );
}
