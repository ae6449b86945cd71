import Alert from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

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
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
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
  return (
    <Alert severity={severity} variant="outlined" role="alert" sx={{ alignItems: 'center' }}>
      {message}
    </Alert>
  );
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
