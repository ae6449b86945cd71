import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { AuthPageFrame } from './auth-page-frame';

export function RegisterPage() {
  return (
    <AuthPageFrame
      title="Start digging"
      documentTitle="Create an account"
      lead="Pick a username, add your email and a password, and tell us a little about you. The beta is free."
    >
      <Typography color="text.secondary">
        Already have an account?{' '}
        <Link component={RouterLink} to="/login" sx={{ fontWeight: 600 }}>
          Sign in
        </Link>
      </Typography>
    </AuthPageFrame>
  );
}
