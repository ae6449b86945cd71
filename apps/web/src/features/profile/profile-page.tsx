import CloudIcon from '@mui/icons-material/Cloud';
import DevicesOutlinedIcon from '@mui/icons-material/DevicesOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import TravelExploreRounded from '@mui/icons-material/TravelExploreRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useId, useState } from 'react';
import { FoldedText } from '../../components/bio';
import { colors } from '../../lib/design-tokens';
import { formatNumber } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../auth';
import { ProfileSuggestionsTab } from '../identifications';
import { ProfileLikedTabs } from '../library';
import { MySetsSection } from '../publish';
import { EditProfileDialog, USER_TYPE_LABELS, userTypesOf } from './edit-profile-dialog';
import { useMe } from './me-api';
import { NotificationPreferencesDialog } from './notification-preferences-dialog';
import { SignOutEverywhereDialog } from './sign-out-everywhere-dialog';

type OpenDialog = 'edit' | 'notifications' | 'everywhere' | null;

/** '1 identification', '12 identifications': the listener's suggestions the crowd accepted. */
export function identificationsLine(count: number): string {
  return count === 1 ? '1 identification' : `${formatNumber(count)} identifications`;
}

/** docs/web-app.md Profile: avatar, username, bio, SoundCloud link, and the settings menu. */
export function ProfilePage() {
  const { user } = useAuth();
  const { data: me } = useMe();
  useDocumentTitle('Profile');
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // A new key per opening: each dialog starts from the user record as it is now.
  const [dialogKey, setDialogKey] = useState(0);
  const menuId = useId();
  const name = user?.username ?? 'Your profile';
  const bio = user?.about_me?.trim();

  const openDialog = (which: OpenDialog) => {
    setMenuAnchor(null);
    setDialogKey((key) => key + 1);
    setDialog(which);
  };

  return (
    <>
      <Box
        component="header"
        sx={{
          position: 'relative',
          borderRadius: 5,
          border: `1px solid ${colors.line}`,
          px: { xs: 2.5, sm: 4, md: 6 },
          py: { xs: 3, md: 5 },
          background: `radial-gradient(110% 140% at 100% 0%, rgba(198, 255, 58, 0.16) 0%, transparent 55%), linear-gradient(180deg, ${colors.surface2}, ${colors.surface1})`,
        }}
      >
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 2, sm: 4 }}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <Avatar
            src={user?.avatar_url ?? undefined}
            alt=""
            sx={{
              width: { xs: 84, md: 116 },
              height: { xs: 84, md: 116 },
              bgcolor: colors.acid,
              color: colors.ink,
              fontSize: { xs: 36, md: 48 },
              fontWeight: 700,
              boxShadow: `0 0 0 4px ${colors.surface1}, 0 0 0 6px rgba(198, 255, 58, 0.35)`,
            }}
          >
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0, flex: 1, pr: { sm: 14 } }}>
            <Typography variant="overline" component="p" color="primary">
              Profile
            </Typography>
            <Typography
              variant="h2"
              component="h1"
              sx={{ fontSize: { xs: '1.7rem', sm: '2.2rem', md: '2.6rem' }, overflowWrap: 'anywhere' }}
            >
              {name}
            </Typography>
            <Stack
              direction="row"
              spacing={0.75}
              useFlexGap
              sx={{ mt: 1.25, flexWrap: 'wrap' }}
              aria-label="I am a"
            >
              {userTypesOf(user).map((type) => (
                <Chip key={type} label={USER_TYPE_LABELS[type]} size="small" variant="outlined" />
              ))}
            </Stack>
            <Typography
              variant="body2"
              sx={{ mt: 1.25, display: 'inline-flex', alignItems: 'center', gap: 0.75, fontWeight: 600 }}
            >
              <TravelExploreRounded aria-hidden fontSize="small" sx={{ color: colors.acid }} />
              {identificationsLine(me?.identifications_accepted ?? user?.identifications_accepted ?? 0)}
            </Typography>
            {bio ? (
              // Folded to three lines like an artist's bio: a long About never pushes the tabs away.
              <Box sx={{ mt: 1.75, maxWidth: 680 }}>
                <FoldedText text={bio} label="Bio" sx={{ color: 'text.primary', lineHeight: 1.6 }} />
              </Box>
            ) : (
              <Typography color="text.secondary" sx={{ mt: 1.75, maxWidth: 680 }} aria-label="Bio">
                No bio yet. Tell other diggers what you play and what you are hunting for.
              </Typography>
            )}
            {user?.soundcloud_url && (
              <Link
                href={user.soundcloud_url}
                target="_blank"
                rel="noopener noreferrer"
                sx={{ mt: 1.5, display: 'inline-flex', alignItems: 'center', gap: 0.75, fontWeight: 600 }}
              >
                <CloudIcon fontSize="small" aria-hidden />
                SoundCloud
              </Link>
            )}
          </Box>
        </Stack>
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<SettingsOutlinedIcon />}
          aria-haspopup="menu"
          aria-controls={menuAnchor ? menuId : undefined}
          aria-expanded={menuAnchor ? 'true' : undefined}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
          sx={{
            position: 'absolute',
            top: { xs: 16, md: 24 },
            right: { xs: 16, md: 24 },
            borderColor: colors.line,
          }}
        >
          Settings
        </Button>
        <Menu
          id={menuId}
          anchorEl={menuAnchor}
          open={Boolean(menuAnchor)}
          onClose={() => setMenuAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          <MenuItem onClick={() => openDialog('edit')}>
            <ListItemIcon>
              <EditOutlinedIcon fontSize="small" />
            </ListItemIcon>
            Edit Profile
          </MenuItem>
          <MenuItem onClick={() => openDialog('notifications')}>
            <ListItemIcon>
              <NotificationsNoneIcon fontSize="small" />
            </ListItemIcon>
            Notification Preferences
          </MenuItem>
          <MenuItem onClick={() => openDialog('everywhere')}>
            <ListItemIcon>
              <DevicesOutlinedIcon fontSize="small" />
            </ListItemIcon>
            Sign out everywhere
          </MenuItem>
        </Menu>
      </Box>
      {dialog === 'edit' && <EditProfileDialog key={dialogKey} open onClose={() => setDialog(null)} />}
      {dialog === 'notifications' && (
        <NotificationPreferencesDialog key={dialogKey} open onClose={() => setDialog(null)} />
      )}
      {dialog === 'everywhere' && (
        <SignOutEverywhereDialog key={dialogKey} open onClose={() => setDialog(null)} />
      )}

      {user && (
        <Suspense fallback={null}>
          <MySetsSection />
        </Suspense>
      )}
      {user && (
        <ProfileLikedTabs
          extraTabs={[
            {
              key: 'suggestions',
              label: 'Suggestions',
              render: () => <ProfileSuggestionsTab userId={user.id} />,
            },
          ]}
        />
      )}
    </>
  );
}
