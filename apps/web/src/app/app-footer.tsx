import InstagramIcon from '@mui/icons-material/Instagram';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../components/logo';
import { SoundCloudIcon } from '../components/soundcloud-icon';
import { colors } from '../lib/design-tokens';
import { FOOTER_LINE, SOCIAL_LINKS, STATIC_LINKS } from './site-links';

/** docs/web-app.md footer: the static pages and Cratedig's social profiles. */
export function AppFooter() {
  return (
    <Box component="footer" sx={{ borderTop: `1px solid ${colors.line}`, mt: 10 }}>
      <Box
        sx={{
          maxWidth: 1440,
          mx: 'auto',
          px: { xs: 2, sm: 3, md: 4 },
          py: 4,
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 3,
        }}
      >
        <Box sx={{ flex: '1 1 320px' }}>
          <Logo size="sm" />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, maxWidth: 460 }}>
            {FOOTER_LINE}
          </Typography>
        </Box>
        <Box component="nav" aria-label="Site" sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
          {STATIC_LINKS.map((link) => (
            <Link key={link.to} component={RouterLink} to={link.to} variant="body2" color="text.secondary">
              {link.label}
            </Link>
          ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          <IconButton
            component="a"
            href={SOCIAL_LINKS.instagram}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Cratedig on Instagram"
            sx={{ color: 'text.secondary' }}
          >
            <InstagramIcon />
          </IconButton>
          <IconButton
            component="a"
            href={SOCIAL_LINKS.soundcloud}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Cratedig on SoundCloud"
            sx={{ color: 'text.secondary' }}
          >
            <SoundCloudIcon />
          </IconButton>
        </Box>
      </Box>
    </Box>
  );
}
