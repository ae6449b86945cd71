/**
 * The development sign-in: stands in for the Google/Apple popup when the app runs against the
 * Firebase Auth emulator (docs/decisions/0004-social-sign-in-offline.md). It looks and works like
 * the emulator's own account chooser — pick an account the emulator already knows, or add one with
 * an email and a display name — and is labelled so nobody mistakes it for the real provider.
 * Loaded lazily, and only when /api/client-config names an emulator.
 */
import AddIcon from '@mui/icons-material/Add';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { AuthTextField } from './auth-text-field';
import {
  type EmulatorAccount,
  listEmulatorAccounts,
  newEmulatorAccount,
  PROVIDER_NAMES,
  type SocialProvider,
} from './emulator-accounts';

export interface EmulatorAccountChooserProps {
  provider: SocialProvider;
  emulatorUrl: string;
  projectId: string;
  /** The person picked or added an account; the dialog closes. */
  onPick: (account: EmulatorAccount) => void;
  /** Closed without an account: the same outcome as closing the provider's popup. */
  onCancel: () => void;
}

// Like the emulator's own form: a plain, permissive check (the emulator canonicalises the rest).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function EmulatorAccountChooser({
  provider,
  emulatorUrl,
  projectId,
  onPick,
  onCancel,
}: EmulatorAccountChooserProps) {
  const titleId = useId();
  const name = PROVIDER_NAMES[provider];
  const [accounts, setAccounts] = useState<EmulatorAccount[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [email, setEmail] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    void listEmulatorAccounts(emulatorUrl, projectId, provider).then((found) => {
      if (cancelled) return;
      setAccounts(found);
      // Nothing to pick from: go straight to the form, as the emulator's chooser invites.
      if (found.length === 0) setAdding(true);
    });
    return () => {
      cancelled = true;
    };
  }, [emulatorUrl, projectId, provider]);

  function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!EMAIL.test(email.trim())) {
      setEmailError('Enter a valid email address');
      return;
    }
    onPick(newEmulatorAccount(email, displayName, accounts ?? []));
  }

  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId} sx={{ pb: 1 }}>
        Sign in with {name}
      </DialogTitle>
      <DialogContent>
        <Alert
          severity="info"
          icon={<ScienceOutlinedIcon fontSize="inherit" />}
          sx={{ mb: 2 }}
          aria-label="Development sign-in"
        >
          <strong>Development sign-in.</strong> This Cratedig runs against the Firebase Auth emulator: the
          accounts below are fake, and no real {name} account is used.
        </Alert>
        {adding ? (
          <Stack
            component="form"
            noValidate
            spacing={2}
            onSubmit={onAdd}
            aria-label={`Add a fake ${name} account`}
            id="emulator-add-account"
          >
            <AuthTextField
              label="Email"
              name="email"
              type="email"
              autoComplete="off"
              autoFocus
              required
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setEmailError(null);
              }}
              error={emailError !== null}
              helperText={emailError ?? undefined}
            />
            <AuthTextField
              label="Display name (optional)"
              name="displayName"
              autoComplete="off"
              value={displayName}
              onChange={(event) => setDisplayName(event.target.value)}
            />
          </Stack>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Please select an existing account in the Auth Emulator or add a new one:
            </Typography>
            <List aria-label={`Fake ${name} accounts`} disablePadding>
              {(accounts ?? []).map((account) => (
                <ListItemButton
                  key={account.sub}
                  onClick={() => onPick(account)}
                  sx={{ borderRadius: 2 }}
                  aria-label={`${account.displayName || account.email} ${account.email}`}
                >
                  <ListItemAvatar>
                    <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
                      {(account.displayName || account.email).charAt(0).toUpperCase()}
                    </Avatar>
                  </ListItemAvatar>
                  <ListItemText primary={account.displayName || account.email} secondary={account.email} />
                </ListItemButton>
              ))}
            </List>
            <Button
              startIcon={<AddIcon />}
              variant="outlined"
              fullWidth
              onClick={() => setAdding(true)}
              sx={{ mt: 1.5 }}
              disabled={accounts === null}
            >
              Add new account
            </Button>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        {adding && (accounts?.length ?? 0) > 0 ? (
          <Button onClick={() => setAdding(false)} sx={{ mr: 'auto' }}>
            Back
          </Button>
        ) : null}
        <Button onClick={onCancel}>Cancel</Button>
        {adding ? (
          <Button type="submit" form="emulator-add-account" variant="contained">
            Sign in with {name}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
