import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { colors } from '../lib/design-tokens';
import { Artwork } from './artwork';
import { visuallyHidden } from './visually-hidden';

/**
 * The one card shape every catalogue item uses: square artwork, a title, a line under it and a row of
 * chips. Texts arrive already truncated (docs/web-app.md), possibly with highlighted parts.
 *
 * The link's name comes from its content, never from an `aria-label` over it (WCAG 2.5.3, label in
 * name: a name that replaced the shown text could not contain 'Mira at Du…', 12 likes and a genre).
 * The heading inside holds the full name in text only screen readers get ('Mira at Dusk by Mira Vale,
 * unreleased ID'), which starts with the words the card shows; the shortened texts, the date, likes and
 * chips beside it are for the eye, as they were when the name was a label.
 */
export function MediaCard({
  to,
  image,
  title,
  fullTitle,
  subtitle,
  fullSubtitle,
  chips,
  meta,
  overlay,
  badge,
  round = false,
  titleLines = 1,
  name = fullSubtitle ? `${fullTitle} by ${fullSubtitle}` : fullTitle,
}: {
  to: string;
  image: string | null;
  title: ReactNode;
  fullTitle: string;
  subtitle?: ReactNode;
  fullSubtitle?: string;
  chips?: ReactNode;
  meta?: ReactNode;
  /** Controls over the artwork's corner, outside the card's link (a button may not sit in a link). */
  overlay?: ReactNode;
  badge?: { text: string; label: string };
  round?: boolean;
  /** Lines the title may take: 2 for search results, whose titles show the words that matched. */
  titleLines?: 1 | 2;
  /** The link's name; by default '{title} by {subtitle}', which suits what someone made. */
  name?: string;
}) {
  return (
    <Card sx={{ position: 'relative', height: '100%', '&:hover img': { transform: 'scale(1.03)' } }}>
      <CardActionArea
        component={RouterLink}
        to={to}
        sx={{ p: 1.25, height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Box sx={{ position: 'relative', overflow: 'hidden', borderRadius: round ? '50%' : 1.5 }}>
          <Artwork
            src={image}
            round={round}
            sx={{
              transition: 'transform 240ms ease',
              '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
            }}
          />
          {badge && (
            <Box
              component="span"
              aria-hidden
              sx={{
                position: 'absolute',
                top: 8,
                left: 8,
                px: 0.75,
                py: 0.25,
                borderRadius: 1,
                bgcolor: colors.acid,
                color: colors.ink,
                fontSize: '0.7rem',
                fontWeight: 800,
                letterSpacing: '0.06em',
                boxShadow: '0 2px 8px rgba(0,0,0,0.45)',
              }}
            >
              {badge.text}
            </Box>
          )}
        </Box>
        <Box sx={{ pt: 1.25, px: 0.5, minWidth: 0, flex: 1, display: 'flex', flexDirection: 'column' }}>
          <Typography
            component="h3"
            title={fullTitle}
            sx={{
              fontWeight: 600,
              fontSize: '0.95rem',
              lineHeight: 1.3,
              textAlign: round ? 'center' : 'left',
              ...(titleLines === 2 && {
                display: '-webkit-box',
                WebkitLineClamp: 2,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
                overflowWrap: 'anywhere',
                minHeight: '2.6em',
              }),
            }}
            noWrap={titleLines === 1}
          >
            <span aria-hidden="true">{title}</span>
            <Box component="span" sx={visuallyHidden}>
              {badge ? `${name}, ${badge.label}` : name}
            </Box>
          </Typography>
          {subtitle && (
            <Typography
              variant="body2"
              color="text.secondary"
              title={fullSubtitle}
              noWrap
              aria-hidden="true"
              sx={{ textAlign: round ? 'center' : 'left' }}
            >
              {subtitle}
            </Typography>
          )}
          {meta && (
            <Box
              aria-hidden="true"
              sx={{
                mt: 0.5,
                display: 'flex',
                gap: 1.5,
                color: 'text.secondary',
                fontSize: '0.8rem',
                justifyContent: round ? 'center' : 'flex-start',
              }}
            >
              {meta}
            </Box>
          )}
          {chips && (
            <Box
              aria-hidden="true"
              sx={{
                mt: 1,
                display: 'flex',
                flexWrap: 'wrap',
                gap: 0.5,
                justifyContent: round ? 'center' : 'flex-start',
              }}
            >
              {chips}
            </Box>
          )}
        </Box>
      </CardActionArea>
      {overlay && (
        // The artwork is square and starts 10px in (the action area's padding): sit in its lower corner.
        <Box
          sx={{
            position: 'absolute',
            top: 0,
            left: 10,
            right: 10,
            aspectRatio: '1 / 1',
            mt: '10px',
            pointerEvents: 'none',
          }}
        >
          {/* Only the controls take the pointer: a tap between them still opens the card. */}
          <Box
            sx={{
              position: 'absolute',
              right: 6,
              bottom: 6,
              '& button, & a': { pointerEvents: 'auto' },
            }}
          >
            {overlay}
          </Box>
        </Box>
      )}
    </Card>
  );
}
