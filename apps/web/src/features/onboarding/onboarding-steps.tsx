import AlbumIcon from '@mui/icons-material/Album';
import FavoriteIcon from '@mui/icons-material/Favorite';
import HeadphonesIcon from '@mui/icons-material/Headphones';
import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { colors } from '../../lib/design-tokens';

export interface OnboardingStep {
  title: string;
  body: string;
  illustration: ReactNode;
}

/** A big round badge with a smaller one tucked on its edge: the shape every step's picture shares. */
function Illustration({ main, accent, hue }: { main: ReactNode; accent: ReactNode; hue: string }) {
  return (
    <Box
      aria-hidden
      sx={{
        position: 'relative',
        height: { xs: 150, sm: 180 },
        display: 'grid',
        placeItems: 'center',
        borderRadius: 4,
        overflow: 'hidden',
        background: `radial-gradient(60% 90% at 50% 100%, ${hue} 0%, transparent 70%), repeating-linear-gradient(90deg, rgba(255,255,255,0.04) 0 2px, transparent 2px 14px)`,
      }}
    >
      <Box
        sx={{
          position: 'relative',
          width: { xs: 96, sm: 112 },
          height: { xs: 96, sm: 112 },
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: colors.surface2,
          border: `2px solid ${hue}`,
          boxShadow: `0 0 40px ${hue}`,
          '& > svg': { fontSize: { xs: 52, sm: 60 }, color: hue },
        }}
      >
        {main}
        <Box
          sx={{
            position: 'absolute',
            right: -10,
            bottom: -4,
            width: 42,
            height: 42,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: hue,
            color: colors.ink,
            '& > svg': { fontSize: 24 },
          }}
        >
          {accent}
        </Box>
      </Box>
    </Box>
  );
}

// docs/web-app.md Home: welcome; queue it up; heart to save tracks; follow artists, labels and more.
export const ONBOARDING_STEPS: readonly OnboardingStep[] = [
  {
    title: 'Welcome to Cratedig',
    body: 'Dig through DJ sets with identified track lists, and find the tracks, artists and labels behind them.',
    illustration: <Illustration main={<AlbumIcon />} accent={<HeadphonesIcon />} hue={colors.acid} />,
  },
  {
    title: 'Queue it up',
    body: 'Add sets to your queue and the player keeps going from one to the next while you browse.',
    illustration: <Illustration main={<QueueMusicIcon />} accent={<PlaylistAddIcon />} hue="#36d7ff" />,
  },
  {
    title: 'Heart to save tracks',
    body: 'Hear something you love mid-set? Tap the heart and the track playing right then is saved to your likes.',
    illustration: <Illustration main={<FavoriteIcon />} accent={<StarIcon />} hue="#ff6a3d" />,
  },
  {
    title: 'Follow artists, labels and more',
    body: 'Follow the artists and labels you dig, watch unreleased IDs, and we will tell you when they drop.',
    illustration: <Illustration main={<PersonAddAlt1Icon />} accent={<StarIcon />} hue="#8a5cff" />,
  },
];
