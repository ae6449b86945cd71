import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import { colors } from '../../app/theme';
import { PageBanner } from '../../components/page-banner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../auth/auth-context';

export function ProfilePage() {
  const { user } = useAuth();
  useDocumentTitle('Profile');
  const name = user?.username ?? 'Your profile';
  return (
    <PageBanner
      overline="Profile"
      title={name}
      subtitle="Your liked sets, tracks, watched IDs, artists and labels."
    >
      <Box sx={{ mt: 3 }}>
        <Avatar
          src={user?.avatar_url ?? undefined}
          alt=""
          sx={{
            width: 72,
            height: 72,
            bgcolor: colors.acid,
            color: colors.ink,
            fontSize: 30,
            fontWeight: 700,
          }}
        >
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
      </Box>
    </PageBanner>
  );
}
