import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { AuthPageFrame } from './auth-page-frame';

// The sign-in buttons and form arrive with the accounts issue; the links around them work today.
export function LoginPage() {
  return (
    <AuthPageFrame
      title="Welcome back"
      documentTitle="Sign in"
      lead="Sign in with Google, Apple or your Cratedig username and password to pick up where you left off."
    >
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Typography color="text.secondary">
          New to Cratedig?{' '}
          <Link component={RouterLink} to="/register" sx={{ fontWeight: 600 }}>
            Create an account
          </Link>
        </Typography>
        <Typography color="text.secondary">
          <Link component={RouterLink} to="/forgot-password" sx={{ fontWeight: 600 }}>
            Forgot your password?
          </Link>
        </Typography>
      </Box>
    </AuthPageFrame>
  );
}
