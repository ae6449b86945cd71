import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import PublishOutlinedIcon from '@mui/icons-material/PublishOutlined';
import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { Menu } from '../components/lazy-menu';
import { useAuth } from '../features/auth/auth-context';
import { tabUploadLine, useTabUpload } from '../features/publish/tab-upload';
import { colors } from '../lib/design-tokens';
import { isInSection, NAV_LINKS } from './site-links';

/**
 * docs/web-app.md: the account menu repeats the four lists, then Profile, Publish a set
 * (docs/publishing.md: any signed-in listener) and Logout.
 */
export function AccountMenu() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  const name = user?.username ?? 'Account';
  // An upload on its way (it goes on while the listener browses): how far, under Publish a set.
  const uploading = tabUploadLine(useTabUpload());

  async function onLogout() {
    close();
    await logout();
    navigate('/login', { replace: true });
  }

  return (
    <>
      <IconButton
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <Avatar
          src={user?.avatar_url ?? undefined}
          alt=""
          sx={{
            width: 34,
            height: 34,
            bgcolor: colors.acid,
            color: colors.ink,
            fontWeight: 700,
            fontSize: 15,
          }}
        >
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }} noWrap>
          Signed in as <strong>{name}</strong>
        </Typography>
        <Divider />
        {NAV_LINKS.map((link) => {
          const current = isInSection(pathname, link.to);
          return (
            <MenuItem
              key={link.to}
              component={RouterLink}
              to={link.to}
              onClick={close}
              selected={current}
              aria-current={current ? 'page' : undefined}
            >
              {link.label}
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem
          component={RouterLink}
          to="/profile"
          onClick={close}
          selected={isInSection(pathname, '/profile')}
        >
          <ListItemIcon>
            <PersonOutlineIcon fontSize="small" />
          </ListItemIcon>
          Profile
        </MenuItem>
        <MenuItem
          component={RouterLink}
          to="/publish"
          onClick={close}
          selected={isInSection(pathname, '/publish')}
        >
          <ListItemIcon>
            <PublishOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <span>
            Publish a set
            {uploading && (
              <Typography component="span" variant="caption" sx={{ display: 'block', color: colors.acid }}>
                {uploading}
              </Typography>
            )}
          </span>
        </MenuItem>
        <MenuItem onClick={onLogout}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
