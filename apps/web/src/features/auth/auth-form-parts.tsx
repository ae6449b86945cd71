import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense } from 'react';

// The alert is not on the sign-in pages' first screen: MUI's Alert brings Paper, IconButton and its
// icons (about 4.5 KB gzipped on a first screen that must stay small). It loads with the first submit; the
// preload starts it as the request leaves, so it is usually there before the answer.
const loadAlert = () => import('@mui/material/Alert');
const Alert = lazy(loadAlert);

/** Starts loading what a submit may show. */
export function preloadFormFeedback(): void {
  void loadAlert().catch(() => {});
}

/** An 18 px spinner for a busy button (MUI's Button brings CircularProgress anyway). */
export function ButtonSpinner() {
  return <CircularProgress size={18} color="inherit" aria-hidden />;
}

/** The main button of an account form: disabled with a spinner while the request runs. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  ...props
}: ButtonProps & { busy: boolean; busyLabel: string }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={busy || props.disabled}
      aria-busy={busy || undefined}
      startIcon={busy ? <ButtonSpinner /> : undefined}
      onPointerDown={preloadFormFeedback}
      sx={{ py: 1.4, fontWeight: 700 }}
      {...props}
    >
      {busy ? busyLabel : children}
    </Button>
  );
}

/** The form-level message (role alert, so screen readers announce it when it appears). */
export function FormAlert({
  message,
  severity = 'error',
}: {
  message: string | null;
  severity?: 'error' | 'success';
}) {
  if (!message) return null;
  // Until the Alert chunk is there: the same outlined box and text, without the icon.
  const fallback = (
    <Box
      role="alert"
      sx={{
        border: 1,
        borderColor: `${severity}.light`,
        borderRadius: 1,
        color: `${severity}.light`,
        px: 2,
        py: '14px',
        pl: '50px',
        typography: 'body2',
      }}
    >
      {message}
    </Box>
  );
  return (
    <Suspense fallback={fallback}>
      <Alert severity={severity} variant="outlined" role="alert" sx={{ alignItems: 'center' }}>
        {message}
      </Alert>
    </Suspense>
  );
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
