import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useApi } from '../../api/api-context';
import { useAuth } from './auth-context';
import { FormAlert, SubmitButton } from './auth-form-parts';
import { FORM_MESSAGES, PASSWORD_LOGIN_MESSAGES } from './auth-messages';
import { AuthPageFrame } from './auth-page-frame';
import { AuthTextField } from './auth-text-field';
import { SocialSignInButtons } from './social-sign-in-buttons';

export function LoginPage() {
  const api = useApi();
  const { signIn } = useAuth();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ username?: boolean; password?: boolean }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // A new attempt starts clean: the last answer's alert never stands beside this attempt's errors.
    setError(null);
    // docs/accounts.md: username and password are required.
    const nextMissing = { username: username.trim() === '', password: password === '' };
    setMissing(nextMissing);
    if (nextMissing.username || nextMissing.password) return;
    setBusy(true);
    try {
      // Loaded with the first submit: not needed to show the page (keeps the first screen's JavaScript small).
      const { passwordLogin, SignInError } = await import('./password-login');
      try {
        // The guard around this page moves on to the stored next location or /home.
        signIn(await passwordLogin(api, username.trim(), password));
      } catch (failure) {
        setError(failure instanceof SignInError ? failure.message : PASSWORD_LOGIN_MESSAGES.failed);
        setBusy(false);
      }
    } catch (failure) {
      console.error('loading the sign-in code failed', failure);
      setError(PASSWORD_LOGIN_MESSAGES.failed);
      setBusy(false);
    }
  }

  return (
    <AuthPageFrame
      title="Welcome back"
      documentTitle="Sign in"
      lead="Sign in with Google, Apple or your Cratedig username and password to pick up where you left off."
    >
      <SocialSignInButtons disabled={busy} />
      <Divider sx={{ my: 3, color: 'text.secondary', fontSize: 14 }}>or with your username</Divider>
      <Box
        component="form"
        // never a GET with the password in the address, whatever submits the drawn form
        method="post"
        action="/login"
        noValidate
        onSubmit={onSubmit}
        aria-label="Sign in with username and password"
      >
        <Stack spacing={2.25}>
          <AuthTextField
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            error={missing.username}
            helperText={missing.username ? FORM_MESSAGES.required : undefined}
            disabled={busy}
          />
          <AuthTextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={missing.password}
            helperText={missing.password ? FORM_MESSAGES.required : undefined}
            disabled={busy}
          />
          <Box sx={{ textAlign: 'right', mt: '4px !important' }}>
            <Link component={RouterLink} to="/forgot-password" variant="body2" sx={{ fontWeight: 600 }}>
              Forgot your password?
            </Link>
          </Box>
          <FormAlert message={error} />
          <SubmitButton busy={busy} busyLabel="Signing in…">
            Sign in
          </SubmitButton>
        </Stack>
      </Box>
      <Typography color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        New to Cratedig?{' '}
        <Link component={RouterLink} to="/register" sx={{ fontWeight: 600 }}>
          Create an account
        </Link>
      </Typography>
    </AuthPageFrame>
  );
}
