import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { AuthPageFrame } from './auth-page-frame';

export function ForgotPasswordPage() {
  return (
    <AuthPageFrame
      title="Forgot your password?"
      documentTitle="Forgot password"
      lead="Enter the email of your account and we will send you a link to choose a new one."
    >
      <Typography color="text.secondary">
        Remembered it?{' '}
        <Link component={RouterLink} to="/login" sx={{ fontWeight: 600 }}>
          Back to sign in
        </Link>
      </Typography>
    </AuthPageFrame>
  );
}
