import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { AuthPageFrame } from './auth-page-frame';

export function ResetPasswordPage() {
  return (
    <AuthPageFrame
      title="Choose a new password"
      documentTitle="Reset password"
      lead="Type your new password twice. The link from your email works once and for one hour."
    >
      <Typography color="text.secondary">
        Link expired?{' '}
        <Link component={RouterLink} to="/forgot-password" sx={{ fontWeight: 600 }}>
          Send a new one
        </Link>
      </Typography>
    </AuthPageFrame>
  );
}
