import {
  ABOUT_MAX_LENGTH,
  ABOUT_TOO_LONG,
  PROFILE_LINK_MAX_LENGTH,
  PROFILE_LINK_TOO_LONG,
} from '@cratedig/contract/account-rules';
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

/** "120 / 1,000": how much of a bounded field is used. */
export function usedOf(length: number, max: number): string {
  return `${length.toLocaleString('en-US')} / ${max.toLocaleString('en-US')}`;
}

/** What the form says about About and the link before anything is sent (the API holds the same bounds). */
export function profileProblems(about: string, link: string | null): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (about.length > ABOUT_MAX_LENGTH) problems.about_me = [ABOUT_TOO_LONG];
  if (link && link.length > PROFILE_LINK_MAX_LENGTH) problems.soundcloud_url = [PROFILE_LINK_TOO_LONG];
  return problems;
}

/**
 * docs/web-app.md Profile menu → Edit Profile: about_me, the SoundCloud URL and the user types. About
 * and the link show how much of their limit they use, and a text past it is said before Save.
 */
export function EditProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user } = useAuth();
  const [about, setAbout] = useState(user?.about_me ?? '');
  const [soundcloud, setSoundcloud] = useState(user?.soundcloud_url ?? '');
  const [types, setTypes] = useState<UserType[]>(() => userTypesOf(user));
  const { busy, save, fieldErrors: serverErrors } = useProfileSave(onClose);
  const [checked, setChecked] = useState<Record<string, string[]>>({});
  const fieldErrors = { ...serverErrors, ...checked };
  const typesLabelId = useId();

  const onSubmit = () => {
    const problems = profileProblems(about, normaliseLink(soundcloud));
    setChecked(problems);
    if (Object.keys(problems).length > 0) return;
    return save(
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
  };

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
          onChange={(event) => {
            setAbout(event.target.value);
            if (checked.about_me) setChecked(profileProblems(event.target.value, normaliseLink(soundcloud)));
          }}
          disabled={busy}
          error={Boolean(fieldErrors.about_me) || about.length > ABOUT_MAX_LENGTH}
          helperText={fieldErrors.about_me?.[0] ?? usedOf(about.length, ABOUT_MAX_LENGTH)}
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
          onChange={(event) => {
            setSoundcloud(event.target.value);
            if (checked.soundcloud_url) setChecked(profileProblems(about, normaliseLink(event.target.value)));
          }}
          disabled={busy}
          error={Boolean(fieldErrors.soundcloud_url)}
          helperText={
            fieldErrors.soundcloud_url?.[0] ??
            (soundcloud.length > PROFILE_LINK_MAX_LENGTH * 0.8
              ? usedOf(soundcloud.trim().length, PROFILE_LINK_MAX_LENGTH)
              : undefined)
          }
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
