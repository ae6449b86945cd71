import InstagramIcon from '@mui/icons-material/Instagram';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../components/logo';
import { colors } from '../lib/design-tokens';
import { FOOTER_LINE, SOCIAL_LINKS, STATIC_LINKS } from './site-links';

// No SoundCloud icon ships with MUI's icon set; a small inline cloud keeps the footer self-contained.
function SoundCloudIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M17.6 10.2a4.2 4.2 0 0 0-7.9-1.6v9.4h7.9a3 3 0 0 0 0-6.1h-.1a4 4 0 0 0 .1-1.7zM8.6 9.2h1v8.8h-1zm-1.8 1h1V18h-1zm-1.8 1.2h1V18H5zm-1.8 1.2h1V18h-1zm-1.6 1.3h1V18h-1z"
      />
    </svg>
  );
}

/** spec §2 footer: the static pages and Cratedig's social profiles. */
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
