import AppleIcon from '@mui/icons-material/Apple';
import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { useAuth } from './auth-context';
import { SOCIAL_LOGIN_MESSAGES } from './auth-messages';
import { getClientConfig } from './client-config';
import { loadFirebaseSignIn } from './firebase-loader';
import type { SocialProvider } from './firebase-sign-in';

const PROVIDERS: { id: SocialProvider; label: string; icon: React.ReactNode }[] = [
  { id: 'google', label: 'Continue with Google', icon: <GoogleIcon /> },
  { id: 'apple', label: 'Continue with Apple', icon: <AppleIcon /> },
];

/**
 * spec §2 /login: Google and Apple (spec §4 identity-provider sign-in). The SDK chunk starts loading
 * when a button is pointed at or focused, so the popup opens within the click's user activation.
 */
export function SocialSignInButtons({ disabled = false }: { disabled?: boolean }) {
  const { api, signIn, logout } = useAuth();
  const [busy, setBusy] = useState<SocialProvider | null>(null);

  const prefetch = () => {
    void loadFirebaseSignIn().catch(() => {});
    void getClientConfig(api).catch(() => {});
  };

  async function onClick(provider: SocialProvider) {
    setBusy(provider);
    try {
      const [firebase, config] = await Promise.all([loadFirebaseSignIn(), getClientConfig(api)]);
      const result = await firebase.socialSignIn(api, config, provider, {
        // spec §4 step 6: the provider signed out under us.
        onProviderSignedOut: () => void logout(),
      });
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
          disabled={disabled || busy !== null}
          aria-busy={busy === provider.id || undefined}
          startIcon={
            busy === provider.id ? <CircularProgress size={18} color="inherit" aria-hidden /> : provider.icon
          }
          onPointerEnter={prefetch}
          onFocus={prefetch}
          onClick={() => void onClick(provider.id)}
          sx={{ py: 1.3, fontWeight: 600, justifyContent: 'center' }}
        >
          {provider.label}
        </Button>
      ))}
    </Stack>
  );
}
