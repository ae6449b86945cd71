import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useSyncExternalStore } from 'react';
/** An 18 px spinner for a busy button (MUI's Button brings CircularProgress anyway). */
export function ButtonSpinner() {
  return <CircularProgress size={18} color="inherit" aria-hidden />;
}

const noSubscription = () => () => {};

/**
 * False while a drawn page (/login, /register) waits for its script, true once the app runs it: the
 * markup drawn at build time renders with false, and hydration keeps it until React takes over.
 */
export function useAppRunning(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The main button of an account form: disabled with a spinner while the request runs. Until the app
 * runs, it is a plain button, so the drawn form has no submit button and pressing Enter in a field
 * submits nothing: what was typed never leaves the page before the app can send it to the API (the
 * form is also method="post" to its own page, which the server answers with a redirect).
 */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  ...props
}: ButtonProps & { busy: boolean; busyLabel: string }) {
  const running = useAppRunning();
  return (
    <Button
      type={running ? 'submit' : 'button'}
      variant="contained"
      size="large"
      fullWidth
      disabled={busy || props.disabled}
      aria-busy={busy || undefined}
      startIcon={busy ? <ButtonSpinner /> : undefined}
      sx={{ py: 1.4, fontWeight: 700 }}
      {...props}
    >
      {busy ? busyLabel : children}
    </Button>
  );
}

/**
 * The form-level message (role alert, so screen readers announce it when it appears). One element
 * from the first paint on: a placeholder swapped for another component would be a second alert, read
 * out twice and seen to jump.
 */
export function FormAlert({
  message,
  severity = 'error',
}: {
  message: string | null;
  severity?: 'error' | 'success';
}) {
  if (!message) return null;
  const Icon = severity === 'error' ? ErrorOutlineRounded : CheckCircleOutlineRounded;
  return (
    <Box
      role="alert"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        border: 1,
        borderColor: `${severity}.light`,
        borderRadius: 1,
        color: `${severity}.light`,
        px: 2,
        py: '14px',
        typography: 'body2',
      }}
    >
      <Icon aria-hidden sx={{ fontSize: 22, flexShrink: 0 }} />
      <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {message}
      </Box>
    </Box>
  );
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
