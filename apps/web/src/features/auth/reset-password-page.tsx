import { PASSWORD_HINT } from '@cratedig/contract/account-rules';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import { enqueueSnackbar } from '../../lib/toast';
import { FormAlert, SubmitButton } from './auth-form-parts';
import { FORM_MESSAGES, RESET_MESSAGES } from './auth-messages';
import { AuthPageFrame } from './auth-page-frame';
import { AuthTextField } from './auth-text-field';
import { loadCommonPasswords, newPasswordProblem, quickPasswordProblem } from './new-password';

type ResetErrors = { password?: string; confirm?: string };

/**
 * docs/accounts.md Reset password: the new-password rule (the common-password list is checked on submit,
 * new-password.ts), and both entries must match.
 */
export function validateReset(password: string, confirm: string): ResetErrors {
  const errors: ResetErrors = {};
  const problem = quickPasswordProblem(password);
  if (problem) errors.password = problem;
  if (password !== confirm) errors.confirm = RESET_MESSAGES.mismatch;
  return errors;
}

export function ResetPasswordPage() {
  const api = useApi();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldErrors, setFieldErrors] = useState<ResetErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const errors = validateReset(password, confirm);
    if (!errors.password) errors.password = await newPasswordProblem(password);
    setFieldErrors(errors);
    setError(null);
    if (errors.password || errors.confirm) return;
    setBusy(true);
    try {
      await apiClient(api.transport).accounts.resetPassword({ body: { token, new_password: password } });
    } catch (failure) {
      console.error('password reset failed', failure);
      setError(RESET_MESSAGES.failed);
      setBusy(false);
      return;
    }
    enqueueSnackbar(FORM_MESSAGES.passwordChanged, { variant: 'success' });
    navigate('/login', { replace: true });
  }

  if (!token) return <IncompleteResetLink />;

  return (
    <AuthPageFrame
      title="Choose a new password"
      documentTitle="Reset password"
      lead="Type your new password twice. The link from your email works once and for one hour."
    >
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Choose a new password">
        <Stack spacing={2.25}>
          {/* Lets password managers file the new password under the right account. */}
          <input type="text" name="username" autoComplete="username" hidden readOnly value="" />
          <AuthTextField
            label="New password"
            name="new_password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            onFocus={() => void loadCommonPasswords().catch(() => undefined)}
            onBlur={async () => {
              if (password === '') return;
              const problem = await newPasswordProblem(password);
              setFieldErrors((current) => ({ ...current, password: problem }));
            }}
            error={Boolean(fieldErrors.password)}
            helperText={fieldErrors.password ?? PASSWORD_HINT}
            disabled={busy}
          />
          <AuthTextField
            label="Confirm new password"
            name="confirm_password"
            type="password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
            error={Boolean(fieldErrors.confirm)}
            helperText={fieldErrors.confirm}
            disabled={busy}
          />
          <FormAlert message={error} />
          <SubmitButton busy={busy} busyLabel="Saving…">
            Save new password
          </SubmitButton>
        </Stack>
      </Box>
      <Typography color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        Link expired?{' '}
        <Link component={RouterLink} to="/forgot-password" sx={{ fontWeight: 600 }}>
          Send a new one
        </Link>
      </Typography>
    </AuthPageFrame>
  );
}

/**
 * /reset without its token: nothing typed here could work, so no form. Mail programs sometimes cut
 * a long link where it wraps; the way out is the link opened whole, or a new one.
 */
function IncompleteResetLink() {
  return (
    <AuthPageFrame
      title="This reset link is incomplete"
      documentTitle="Reset password"
      lead="The link you followed is missing its code, so it cannot set a new password. Open the link from the email again (the whole of it), or ask for a new one."
    >
      <Button
        component={RouterLink}
        to="/forgot-password"
        variant="contained"
        size="large"
        fullWidth
        sx={{ py: 1.4, fontWeight: 700 }}
      >
        Send a new link
      </Button>
      <Typography color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        Remembered it?{' '}
        <Link component={RouterLink} to="/login" sx={{ fontWeight: 600 }}>
          Back to sign in
        </Link>
      </Typography>
    </AuthPageFrame>
  );
}
