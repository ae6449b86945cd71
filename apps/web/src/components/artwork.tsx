import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState } from 'react';
import { colors } from '../lib/design-tokens';
import { DEFAULT_ARTWORK, resolveMediaUrl, siteAddress } from '../lib/media-url';

/**
 * Square artwork (docs/catalogue.md Images): site-prefixed path, and the default artwork when there is none
 * or the image fails to load. `alt` is empty for artwork that only decorates a named link.
 */
export function Artwork({
  src,
  alt = '',
  size,
  round = false,
  radius = 1.5,
  eager = false,
  sx,
}: {
  src: string | null | undefined;
  alt?: string;
  /** Fixed size in px; without it the artwork fills its container's width. */
  size?: number;
  round?: boolean;
  radius?: number;
  eager?: boolean;
  sx?: SxProps<Theme>;
}) {
  const { url, onError } = useArtworkUrl(src);
  return (
    <Box
      component="img"
      src={url}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      width={size}
      height={size}
      onError={onError}
      sx={[
        {
          display: 'block',
          flexShrink: 0,
          width: size ?? '100%',
          height: size ?? 'auto',
          aspectRatio: '1 / 1',
          objectFit: 'cover',
          borderRadius: round ? '50%' : radius,
          backgroundColor: colors.surface3,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}

/**
 * The address an artwork image shows: the site-prefixed path, or the default artwork when there is
 * none or it failed to load (call `onError` from the image's error event).
 */
export function useArtworkUrl(src: string | null | undefined): { url: string; onError: () => void } {
  const [failed, setFailed] = useState<string | null>(null);
  const resolved = resolveMediaUrl(src);
  return {
    url: failed === resolved ? siteAddress() + DEFAULT_ARTWORK : resolved,
    onError: () => setFailed(resolved),
  };
}
