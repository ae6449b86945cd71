import AppleIcon from '@mui/icons-material/Apple';
import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useApi } from '../../api/api-context';
import { enqueueSnackbar } from '../../lib/toast';
import { useAuth } from './auth-context';
import { ButtonSpinner } from './auth-form-parts';
import { notSetUpMessage, SOCIAL_LOGIN_MESSAGES } from './auth-messages';
import { getClientConfig } from './client-config';
import type { EmulatorAccount, SocialProvider } from './emulator-accounts';
import { loadFirebaseSignIn } from './firebase-loader';

const PROVIDERS: { id: SocialProvider; label: string; icon: React.ReactNode }[] = [
  { id: 'google', label: 'Continue with Google', icon: <GoogleIcon /> },
  { id: 'apple', label: 'Continue with Apple', icon: <AppleIcon /> },
];

// Development only (docs/decisions/0004-social-sign-in-offline.md): never part of the first screen.
const EmulatorAccountChooser = lazy(() =>
  import('./emulator-account-chooser').then((module) => ({ default: module.EmulatorAccountChooser })),
);

interface Chooser {
  provider: SocialProvider;
  emulatorUrl: string;
  projectId: string;
}

/**
 * docs/web-app.md /login: Google and Apple (docs/accounts.md identity-provider sign-in). The SDK chunk starts
 * loading when a button is pointed at or focused, so the popup opens within the click's user activation.
 * Against the Firebase Auth emulator the buttons open the in-app development chooser instead of the
 * popup (the popup needs apis.google.com); the rest of the sign-in is the same code either way.
 */
export function SocialSignInButtons({ disabled = false }: { disabled?: boolean }) {
  const api = useApi();
  const { signIn, logout } = useAuth();
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const [chooser, setChooser] = useState<Chooser | null>(null);
  const [notSetUp, setNotSetUp] = useState<SocialProvider | null>(null);
  // The pre-rendered /login is on screen before the app's script: until it runs, a click on a
  // provider would do nothing at all, so the buttons say they are not ready yet.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);

  const prefetch = () => {
    void loadFirebaseSignIn().catch(() => {});
    void getClientConfig(api).catch(() => {});
  };

  async function run(provider: SocialProvider, emulatorAccount?: EmulatorAccount) {
    setBusy(provider);
    setNotSetUp(null);
    try {
      const config = await getClientConfig(api);
      // Without a Firebase project or the emulator the provider could only fail: say why instead.
      if (!config.firebase.enabled) {
        setNotSetUp(provider);
        return;
      }
      const firebase = await loadFirebaseSignIn();
      const emulatorUrl = config.firebase.emulator_url;
      if (emulatorUrl && !emulatorAccount) {
        setChooser({ provider, emulatorUrl, projectId: config.firebase.project_id });
        return;
      }
      const result = await firebase.socialSignIn(
        api,
        config,
        provider,
        // docs/accounts.md step 6: the provider signed out under us.
        { onProviderSignedOut: () => void logout() },
        emulatorAccount,
      );
      if (result.kind === 'signed-in') {
        signIn(result.user);
        return;
      }
      if (result.message) enqueueSnackbar(result.message, { variant: 'error', preventDuplicate: true });
    } catch (error) {
      console.error('identity-provider sign-in failed', error);
      enqueueSnackbar(SOCIAL_LOGIN_MESSAGES.failed, { variant: 'error', preventDuplicate: true });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack spacing={1.5}>
      {PROVIDERS.map((provider) => (
        <Button
          key={provider.id}
          variant="outlined"
          size="large"
          fullWidth
          disabled={disabled || !scripted || busy !== null || chooser !== null}
          aria-busy={busy === provider.id || undefined}
          startIcon={busy === provider.id ? <ButtonSpinner /> : provider.icon}
          onPointerEnter={prefetch}
          onFocus={prefetch}
          onClick={() => void run(provider.id)}
          sx={{ py: 1.3, fontWeight: 600, justifyContent: 'center' }}
        >
          {provider.label}
        </Button>
      ))}
      {notSetUp ? (
        <Typography role="status" variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {notSetUpMessage(notSetUp)}
        </Typography>
      ) : null}
      {chooser ? (
        <Suspense fallback={null}>
          <EmulatorAccountChooser
            provider={chooser.provider}
            emulatorUrl={chooser.emulatorUrl}
            projectId={chooser.projectId}
            onPick={(account) => {
              setChooser(null);
              void run(chooser.provider, account);
            }}
            onCancel={() => {
              setChooser(null);
              // The same as closing the provider's popup (docs/accounts.md "Social sign-in (Google, Apple): the identity-provider steps").
              enqueueSnackbar(SOCIAL_LOGIN_MESSAGES.cancelled, { variant: 'error', preventDuplicate: true });
            }}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
