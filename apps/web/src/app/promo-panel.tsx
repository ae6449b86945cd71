import { BREAKPOINTS } from '@cratedig/contract/constants';
import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PublicIcon from '@mui/icons-material/Public';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../components/logo';
import { colors, fonts } from '../lib/design-tokens';
import { useMinWidth } from '../lib/use-min-width';

const features = [
  {
    icon: GraphicEqIcon,
    title: 'Full sets, cued to every track',
    text: 'Jump straight to the moment a track drops, and keep playing while you dig.',
  },
  {
    icon: NotificationsActiveIcon,
    title: 'Watch the IDs',
    text: 'Hear an unreleased ID? Watch it and we tell you the day it comes out.',
  },
  {
    icon: PublicIcon,
    title: 'Follow the source',
    text: 'Artists and independent labels from around the world, one follow away.',
  },
];

// Decorative: a set's tracklist being identified, drawn with CSS. Hidden from assistive tech.
const tracklist = [
  { time: '00:00', state: 'identified' },
  { time: '07:42', state: 'identified' },
  { time: '15:10', state: 'ID' },
] as const;

function TracklistArt() {
  return (
    <Box
      aria-hidden
      sx={{
        position: 'relative',
        width: '100%',
        maxWidth: 420,
        borderRadius: 4,
        border: `1px solid ${colors.line}`,
        backgroundColor: 'rgba(17, 17, 22, 0.72)',
        backdropFilter: 'blur(10px)',
        p: 2,
        boxShadow: '0 30px 80px rgba(0,0,0,0.55)',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
        <Box
          sx={{
            width: 48,
            height: 48,
            borderRadius: 2,
            flexShrink: 0,
            background: `conic-gradient(from 200deg, ${colors.acid}, #5b3cff, #ff5c7a, ${colors.acid})`,
          }}
        />
        <Box sx={{ flex: 1 }}>
          <Box sx={{ height: 10, width: '70%', borderRadius: 5, bgcolor: 'rgba(255,255,255,0.8)' }} />
          <Box sx={{ height: 8, width: '45%', borderRadius: 5, bgcolor: 'rgba(255,255,255,0.3)', mt: 1 }} />
        </Box>
        <Box sx={{ fontSize: 12, fontWeight: 600, color: colors.acid, fontFamily: fonts.display }}>
          Identified 2/3
        </Box>
      </Box>
      {tracklist.map((row, index) => (
        <Box
          key={row.time}
          sx={{
            display: 'grid',
            gridTemplateColumns: '44px 1fr auto',
            alignItems: 'center',
            gap: 1.5,
            py: 1,
            borderTop: `1px solid ${colors.line}`,
            fontSize: 12,
            color: colors.textMuted,
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          <span>{row.time}</span>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.6 }}>
            <Box
              sx={{
                height: 7,
                width: `${78 - index * 9}%`,
                borderRadius: 5,
                bgcolor: index === 1 ? colors.acid : 'rgba(255,255,255,0.55)',
              }}
            />
            <Box
              sx={{
                height: 6,
                width: `${40 + index * 7}%`,
                borderRadius: 5,
                bgcolor: 'rgba(255,255,255,0.2)',
              }}
            />
          </Box>
          <Box
            sx={{
              px: 1,
              py: 0.25,
              borderRadius: 5,
              fontWeight: 700,
              fontSize: 10,
              letterSpacing: '0.08em',
              color: row.state === 'ID' ? colors.ink : colors.acid,
              bgcolor: row.state === 'ID' ? colors.acid : 'transparent',
              border: `1px solid ${colors.acid}`,
            }}
          >
            {row.state === 'ID' ? 'ID' : 'TRACK'}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** docs/web-app.md public area: the promo beside the form (large screens) or above it (small screens). */
export function PromoPanel() {
  // The parts a narrow screen hides are not rendered there at all: a phone's first visit builds and
  // styles only what it shows. Their CSS still hides them, so the look never depends on this.
  const showsFeatures = useMinWidth(BREAKPOINTS.sm);
  const showsArt = useMinWidth(BREAKPOINTS.md);
  return (
    <Box
      component="aside"
      aria-label="About Cratedig"
      sx={{
        position: 'relative',
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
        gap: { xs: 3, md: 4 },
        px: { xs: 3, sm: 5, lg: 8 },
        pt: { xs: 3, md: 5 },
        pb: { xs: 5, md: 5 },
        // Beside the page it is exactly one screen tall (it stays put while the page scrolls).
        height: { md: '100vh' },
        borderRight: { md: `1px solid ${colors.line}` },
        background: [
          // Above the page on small screens: fade into the page instead of ending on an edge.
          `linear-gradient(to bottom, transparent 60%, ${colors.ink})`,
          'radial-gradient(60% 50% at 15% 10%, rgba(198,255,58,0.16), transparent 70%)',
          'radial-gradient(70% 60% at 100% 100%, rgba(91,60,255,0.30), transparent 70%)',
          'radial-gradient(40% 40% at 85% 20%, rgba(255,92,122,0.14), transparent 70%)',
          colors.ink,
        ].join(', '),
      }}
    >
      {/* The grooves of a record, far larger than the screen, as texture. */}
      {showsArt && (
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            display: { xs: 'none', md: 'block' },
            width: 900,
            height: 900,
            right: -520,
            bottom: -480,
            borderRadius: '50%',
            background:
              'repeating-radial-gradient(circle, transparent 0 5px, rgba(255,255,255,0.05) 5px 6px)',
            maskImage: 'radial-gradient(circle, black 35%, transparent 70%)',
            pointerEvents: 'none',
          }}
        />
      )}
      <Box sx={{ position: 'relative' }}>
        <RouterLink
          to="/login"
          aria-label="Cratedig"
          style={{ display: 'inline-flex', textDecoration: 'none' }}
        >
          <Logo size="lg" />
        </RouterLink>
      </Box>
      <Box sx={{ position: 'relative', maxWidth: 560 }}>
        <Typography
          variant="h1"
          component="p"
          sx={{ fontSize: { xs: '2.1rem', sm: '2.8rem', lg: '3.4rem' }, lineHeight: 1.02 }}
        >
          Every set. Every track.{' '}
          <Box component="span" sx={{ color: 'primary.main' }}>
            Identified.
          </Box>
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" sx={{ mt: 2, fontWeight: 400 }}>
          Play the DJ sets that matter with their tracklists identified, down to the unreleased IDs.
        </Typography>
      </Box>
      {showsFeatures && (
        <Box
          component="ul"
          sx={{
            position: 'relative',
            listStyle: 'none',
            m: 0,
            p: 0,
            display: { xs: 'none', sm: 'grid' },
            gap: 2.5,
            maxWidth: 520,
          }}
        >
          {features.map(({ icon: Icon, title, text }) => (
            <Box component="li" key={title} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
              <Box
                sx={{
                  flexShrink: 0,
                  display: 'grid',
                  placeItems: 'center',
                  width: 40,
                  height: 40,
                  borderRadius: 2.5,
                  color: 'primary.main',
                  bgcolor: 'rgba(198,255,58,0.1)',
                  border: '1px solid rgba(198,255,58,0.25)',
                }}
              >
                <Icon fontSize="small" />
              </Box>
              <Box>
                <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {text}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {showsArt && (
        <Box
          sx={{
            position: 'relative',
            display: { xs: 'none', md: 'block' },
            mt: 'auto',
            // Short screens keep the words and drop the picture.
            '@media (max-height: 780px)': { display: 'none' },
          }}
        >
          <TracklistArt />
        </Box>
      )}
    </Box>
  );
}
