import InstagramIcon from '@mui/icons-material/Instagram';
import LanguageRounded from '@mui/icons-material/LanguageRounded';
import LibraryMusicRounded from '@mui/icons-material/LibraryMusicRounded';
import YouTubeIcon from '@mui/icons-material/YouTube';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';
import { SoundCloudIcon } from './soundcloud-icon';
import { Tooltip } from './tooltip';

type Network = 'beatport' | 'instagram' | 'youtube' | 'soundcloud' | 'website';

const networks: Record<Network, { label: string; icon: ReactNode }> = {
  beatport: { label: 'Beatport', icon: <LibraryMusicRounded /> },
  instagram: { label: 'Instagram', icon: <InstagramIcon /> },
  youtube: { label: 'YouTube', icon: <YouTubeIcon /> },
  soundcloud: { label: 'SoundCloud', icon: <SoundCloudIcon /> },
  website: { label: 'Website', icon: <LanguageRounded /> },
};

/** The icon for a label's social link, picked from its host (contract: label socials are plain URLs). */
export function networkOf(url: string): Network {
  const host = (() => {
    try {
      return new URL(url).hostname;
    } catch {
      return '';
    }
  })();
  // The site itself or any of its subdomains (www., m., on.): 'soundcloud.com.example.net' is a website.
  const on = (...sites: string[]) => sites.some((site) => host === site || host.endsWith(`.${site}`));
  if (on('beatport.com')) return 'beatport';
  if (on('instagram.com')) return 'instagram';
  if (on('youtube.com', 'youtu.be')) return 'youtube';
  if (on('soundcloud.com', 'snd.sc')) return 'soundcloud';
  return 'website';
}

/** External social buttons (docs/web-app.md): open in a new tab, named for screen readers. */
export function SocialLinks({ links, owner }: { links: { network: Network; url: string }[]; owner: string }) {
  return (
    <>
      {links.map(({ network, url }) => (
        <Tooltip key={url} title={networks[network].label}>
          <IconButton
            component="a"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${owner} on ${networks[network].label}`}
            sx={{ border: '1px solid rgba(255,255,255,0.22)' }}
          >
            {networks[network].icon}
          </IconButton>
        </Tooltip>
      ))}
    </>
  );
}
