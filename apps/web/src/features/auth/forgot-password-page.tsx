import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import { EMAIL_PATTERN, FormAlert, SubmitButton } from './auth-form-parts';
import { FORM_MESSAGES, RESET_MESSAGES } from './auth-messages';
import { AuthPageFrame } from './auth-page-frame';
import { AuthTextField } from './auth-text-field';
import { getClientConfig } from './client-config';

export function ForgotPasswordPage() {
  const api = useApi();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [sentFrom, setSentFrom] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const value = email.trim();
    const problem =
      value === '' ? FORM_MESSAGES.required : EMAIL_PATTERN.test(value) ? null : FORM_MESSAGES.invalidEmail;
    setFieldError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const [config] = await Promise.all([
        getClientConfig(api),
        apiClient(api.transport).accounts.requestReset({ body: { email: value } }),
      ]);
      setSentFrom(config.mail_from);
    } catch (error) {
      // docs/accounts.md: a failure shows nothing.
      console.error('password reset request failed', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthPageFrame
      title="Forgot your password?"
      documentTitle="Forgot password"
      lead="Enter the email of your account and we will send you a link to choose a new one."
    >
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Send a password reset email">
        <Stack spacing={2.25}>
          <AuthTextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={Boolean(fieldError)}
            helperText={fieldError}
            disabled={busy}
          />
          <FormAlert
            severity="success"
            message={sentFrom === null ? null : `${RESET_MESSAGES.emailSent} ${sentFrom}`}
          />
          <SubmitButton busy={busy} busyLabel="Sending…">
            {sentFrom === null ? 'Send reset link' : 'Send again'}
          </SubmitButton>
        </Stack>
      </Box>
      <Typography color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        Remembered it?{' '}
        <Link component={RouterLink} to="/login" sx={{ fontWeight: 600 }}>
          Back to sign in
        </Link>
      </Typography>
    </AuthPageFrame>
  );
}
