import { DEFAULT_USER_TYPE, USER_TYPES, type UserType } from '@cratedig/contract/constants';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { type SessionUser, useAuth } from '../auth';
import { ProfileFormDialog, useProfileSave } from './profile-form-dialog';
import { PROFILE_MESSAGES } from './profile-messages';

export const USER_TYPE_LABELS: Record<UserType, string> = {
  listener: 'Listener',
  dj: 'DJ',
  producer: 'Producer',
  label: 'Label',
  curator: 'Curator',
};

/** docs/accounts.md: user_type defaults to listener when empty. */
export function userTypesOf(user: SessionUser | null): UserType[] {
  const types = user?.user_type ?? [];
  return types.length > 0 ? [...types] : [DEFAULT_USER_TYPE];
}

/** People paste 'soundcloud.com/name'; the API wants an http(s) link. */
export function normaliseLink(value: string): string | null {
  const text = value.trim();
  if (text === '') return null;
  return /^https?:\/\//i.test(text) ? text : `https://${text}`;
}

/** docs/web-app.md Profile menu → Edit Profile: about_me, the SoundCloud URL and the user types. */
export function EditProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useAuth();
  const [about, setAbout] = useState(user?.about_me ?? '');
  const [soundcloud, setSoundcloud] = useState(user?.soundcloud_url ?? '');
  const [types, setTypes] = useState<UserType[]>(() => userTypesOf(user));
  const { busy, save, fieldErrors } = useProfileSave(onClose);
  const typesLabelId = useId();

  const onSubmit = () =>
    save(
      (calls) =>
        calls.accounts.updateProfile({
          body: {
            about_me: about,
            soundcloud_url: normaliseLink(soundcloud),
            user_type: types.length > 0 ? types : [DEFAULT_USER_TYPE],
          },
        }),
      PROFILE_MESSAGES.updated,
    );

  return (
    <ProfileFormDialog
      open={open}
      onClose={onClose}
      title="Edit Profile"
      maxWidth="sm"
      busy={busy}
      onSubmit={onSubmit}
      noValidate
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <TextField
          label="About"
          name="about_me"
          multiline
          minRows={3}
          maxRows={10}
          fullWidth
          value={about}
          onChange={(event) => setAbout(event.target.value)}
          disabled={busy}
          error={Boolean(fieldErrors.about_me)}
          helperText={fieldErrors.about_me?.[0]}
        />
        <TextField
          label="SoundCloud URL"
          name="soundcloud_url"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://soundcloud.com/your-name"
          fullWidth
          value={soundcloud}
          onChange={(event) => setSoundcloud(event.target.value)}
          disabled={busy}
          error={Boolean(fieldErrors.soundcloud_url)}
          helperText={fieldErrors.soundcloud_url?.[0]}
        />
        <FormControl fullWidth disabled={busy}>
          <InputLabel id={typesLabelId}>I am a…</InputLabel>
          <Select<UserType[]>
            labelId={typesLabelId}
            multiple
            value={types}
            onChange={(event) => {
              const value = event.target.value;
              setTypes((typeof value === 'string' ? value.split(',') : value) as UserType[]);
            }}
            input={<OutlinedInput label="I am a…" />}
            renderValue={(selected) => (
              <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {selected.map((type) => (
                  <Chip key={type} label={USER_TYPE_LABELS[type]} size="small" />
                ))}
              </Stack>
            )}
          >
            {USER_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                <Checkbox checked={types.includes(type)} size="small" sx={{ p: 0.5, mr: 1 }} />
                <ListItemText primary={USER_TYPE_LABELS[type]} />
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Stack>
    </ProfileFormDialog>
  );
}
