import {
  ABOUT_MAX_LENGTH,
  ABOUT_TOO_LONG,
  PASSWORD_HINT,
  usernameProblem,
} from '@cratedig/contract/account-rules';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useApi } from '../../api/api-context';
import { isApiError } from '../../api/api-error';
import { apiClient } from '../../api/client';
import { useAuth } from './auth-context';
import { EMAIL_PATTERN, FormAlert, SubmitButton } from './auth-form-parts';
import { FORM_MESSAGES, REGISTER_MESSAGES } from './auth-messages';
import { AuthPageFrame } from './auth-page-frame';
import { AuthTextField } from './auth-text-field';
import { loadCommonPasswords, newPasswordProblem, quickPasswordProblem } from './new-password';
import { passwordLogin, SignInError } from './password-login';

type Field = 'username' | 'email' | 'password';
type FieldErrors = Partial<Record<Field | 'about', string>>;

/**
 * docs/accounts.md Register: all fields except About are required; the password follows the new-password
 * rule (at least 8 characters, not the username; the common-password list is checked on submit, see
 * new-password.ts); About is bounded. The username follows the one rule of the contract (characters and
 * length), as the server does.
 */
export function validateRegistration(values: Record<Field, string> & { about?: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (values.username.trim() === '') errors.username = FORM_MESSAGES.required;
  else {
    const problem = usernameProblem(values.username);
    if (problem) errors.username = problem;
  }
  if (values.email.trim() === '') errors.email = FORM_MESSAGES.required;
  else if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = FORM_MESSAGES.invalidEmail;
  if (values.password === '') errors.password = FORM_MESSAGES.required;
  else {
    const problem = quickPasswordProblem(values.password, values.username);
    if (problem) errors.password = problem;
  }
  if ((values.about?.length ?? 0) > ABOUT_MAX_LENGTH) errors.about = ABOUT_TOO_LONG;
  return errors;
}

export function RegisterPage() {
  const api = useApi();
  const { signIn } = useAuth();
  const [values, setValues] = useState({ username: '', email: '', password: '', about: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const errors = validateRegistration(values);
    if (!errors.password && values.password !== '') {
      const problem = await newPasswordProblem(values.password, values.username);
      if (problem) errors.password = problem;
    }
    setFieldErrors(errors);
    setError(null);
    if (Object.keys(errors).length > 0) {
      focusFirstInvalid(form);
      return;
    }
    setBusy(true);
    const username = values.username.trim();
    try {
      // docs/accounts.md POST /users, registration form: no token, no retry.
      await apiClient(api.transport).accounts.create({
        auth: false,
        body: {
          username,
          email: values.email.trim(),
          password: values.password,
          about_me: values.about,
          auth_provider: 'web_client',
        },
      });
    } catch (failure) {
      setBusy(false);
      const json = isApiError(failure) ? failure.errors?.json : undefined;
      if (isApiError(failure) && failure.status === 422 && (json?.username || json?.email)) {
        setFieldErrors({
          username: json.username ? REGISTER_MESSAGES.usernameTaken : undefined,
          email: json.email ? REGISTER_MESSAGES.emailTaken : undefined,
        });
        return;
      }
      setError(
        isApiError(failure) && failure.status === 401
          ? REGISTER_MESSAGES.authFailed
          : REGISTER_MESSAGES.failed,
      );
      return;
    }
    // The new account signs in straight away (docs/accounts.md password login), into onboarding on /home.
    try {
      signIn(await passwordLogin(api, username, values.password));
    } catch (failure) {
      setBusy(false);
      setError(failure instanceof SignInError ? failure.message : REGISTER_MESSAGES.failed);
    }
  }

  return (
    <AuthPageFrame
      title="Start digging"
      documentTitle="Create an account"
      lead="Pick a username, add your email and a password, and tell us a little about you. The beta is free."
    >
      <Box
        component="form"
        // never a GET with the password in the address, whatever submits the drawn form
        method="post"
        action="/register"
        noValidate
        onSubmit={onSubmit}
        aria-label="Create an account"
      >
        <Stack spacing={2.25}>
          <AuthTextField
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={values.username}
            onChange={set('username')}
            error={Boolean(fieldErrors.username)}
            helperText={fieldErrors.username}
            disabled={busy}
          />
          <AuthTextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={set('email')}
            error={Boolean(fieldErrors.email)}
            helperText={fieldErrors.email}
            disabled={busy}
          />
          <AuthTextField
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            value={values.password}
            onChange={set('password')}
            // the list of common passwords loads while the password is typed; leaving the field says
            // what is wrong with it, before any submit
            onFocus={() => void loadCommonPasswords().catch(() => undefined)}
            onBlur={async () => {
              if (values.password === '') return;
              const problem = await newPasswordProblem(values.password, values.username);
              setFieldErrors((current) => ({ ...current, password: problem }));
            }}
            error={Boolean(fieldErrors.password)}
            helperText={fieldErrors.password ?? PASSWORD_HINT}
            disabled={busy}
          />
          <AuthTextField
            label="About"
            name="about_me"
            multiline
            minRows={2}
            maxRows={6}
            placeholder="DJ, digger, label person… (optional)"
            value={values.about}
            onChange={set('about')}
            error={Boolean(fieldErrors.about) || values.about.length > ABOUT_MAX_LENGTH}
            helperText={
              fieldErrors.about ??
              `${values.about.length.toLocaleString('en-US')} / ${ABOUT_MAX_LENGTH.toLocaleString('en-US')}`
            }
            disabled={busy}
          />
          <FormAlert message={error} />
          <SubmitButton busy={busy} busyLabel="Creating your account…">
            Create account
          </SubmitButton>
        </Stack>
      </Box>
      <Typography color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to="/login" sx={{ fontWeight: 600 }}>
          Sign in
        </Link>
      </Typography>
    </AuthPageFrame>
  );
}

/** Keyboard users land on the field to fix. */
export function focusFirstInvalid(form: HTMLFormElement) {
  queueMicrotask(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
