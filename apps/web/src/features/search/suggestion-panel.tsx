import NorthWestRounded from '@mui/icons-material/NorthWestRounded';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { type ReactNode, useEffect } from 'react';
import { Artwork } from '../../components/artwork';
import type { CardHighlight } from '../../components/entity-cards';
import { Highlight } from '../../components/highlight';
import { colors } from '../../lib/design-tokens';
import { formatNumber } from '../../lib/format';
import { trackDisplayTitle } from '../../lib/track-title';
import { nameHighlight, setHighlight, trackHighlight } from './hit-highlight';
import type { Suggestion } from './suggestions';

const GROUPS = [
  { kind: 'artists', title: 'Artists' },
  { kind: 'labels', title: 'Labels' },
  { kind: 'tracks', title: 'Tracks' },
  { kind: 'sets', title: 'Sets' },
] as const;

/**
 * The suggestion listbox under the top bar's box. Focus stays in the box (aria-activedescendant), so
 * a pointer press on an option must not take focus away before its click opens it.
 */
export function SuggestionPanel({
  id,
  options,
  active,
  optionId,
  words,
  loading,
  onPick,
  onHover,
}: {
  id: string;
  options: Suggestion[];
  /** The query's words and their typo corrections, marked in the line under a name. */
  words: readonly string[];
  active: number;
  optionId: (index: number) => string;
  loading: boolean;
  onPick: (index: number) => void;
  onHover: (index: number) => void;
}) {
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  }, [active, optionId]);

  const option = (index: number, content: ReactNode) => (
    <Box
      key={optionId(index)}
      id={optionId(index)}
      role="option"
      aria-selected={index === active}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onPick(index)}
      onMouseMove={() => index !== active && onHover(index)}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 1.5,
        py: 0.75,
        mx: 0.75,
        borderRadius: 2,
        cursor: 'pointer',
        bgcolor: index === active ? 'rgba(198, 255, 58, 0.1)' : 'transparent',
        boxShadow: index === active ? `inset 2px 0 0 ${colors.acid}` : 'none',
      }}
    >
      {content}
    </Box>
  );

  const indexed = options.map((entry, index) => ({ entry, index }));
  const all = indexed.find(({ entry }) => entry.kind === 'all');
  return (
    <Box
      id={id}
      role="listbox"
      aria-label="Search suggestions"
      sx={{
        position: { xs: 'fixed', sm: 'absolute' },
        top: { xs: 68, sm: 'calc(100% + 8px)' },
        left: { xs: 8, sm: 'auto' },
        right: { xs: 8, sm: 0 },
        width: { sm: 'max(100%, 420px)' },
        maxHeight: { xs: 'calc(100dvh - 84px)', sm: 'min(70vh, 560px)' },
        overflowY: 'auto',
        py: 0.75,
        borderRadius: 3,
        bgcolor: colors.surface2,
        border: `1px solid ${colors.line}`,
        boxShadow: '0 18px 48px rgba(0, 0, 0, 0.6)',
        zIndex: (theme) => theme.zIndex.modal,
      }}
    >
      {loading && <LinearProgress aria-label="Loading suggestions" sx={{ mx: 1.5, mb: 0.5, height: 2 }} />}
      {GROUPS.map((group) => {
        const members = indexed.filter(({ entry }) => entry.kind === group.kind);
        if (members.length === 0) return null;
        const headingId = `${id}-${group.kind}`;
        return (
          <Box key={group.kind} role="group" aria-labelledby={headingId} sx={{ mb: 0.5 }}>
            <Box
              id={headingId}
              role="presentation"
              sx={{
                px: 2.25,
                pt: 1,
                pb: 0.5,
                fontSize: '0.7rem',
                fontWeight: 700,
                letterSpacing: '0.08em',
                textTransform: 'uppercase',
                color: colors.textMuted,
              }}
            >
              {group.title}
            </Box>
            {members.map(({ entry, index }) =>
              option(index, <SuggestionRow suggestion={entry} words={words} />),
            )}
          </Box>
        );
      })}
      {all &&
        option(
          all.index,
          <>
            <Box
              sx={{
                width: 40,
                height: 40,
                display: 'grid',
                placeItems: 'center',
                borderRadius: 1.5,
                bgcolor: colors.surface3,
                color: colors.acid,
              }}
            >
              <SearchIcon fontSize="small" />
            </Box>
            <Box sx={{ flex: 1, minWidth: 0, fontWeight: 600 }}>
              Show all results for “{all.entry.kind === 'all' ? all.entry.text : ''}”
            </Box>
            <NorthWestRounded aria-hidden fontSize="small" sx={{ color: colors.textMuted }} />
          </>,
        )}
    </Box>
  );
}

function SuggestionRow({ suggestion, words }: { suggestion: Suggestion; words: readonly string[] }) {
  if (suggestion.kind === 'all') return null;
  const round = suggestion.kind === 'artists';
  let image: string | null;
  let name: string;
  let highlight: CardHighlight;
  // What kind of item it is, then the facts or the artist line ("Imke Sander feat. Dax Orlov" shows
  // why a track matched "dax orlov").
  let kind: string | null;
  let line: string;
  let isId = false;
  let released = false;
  switch (suggestion.kind) {
    case 'artists':
      image = suggestion.hit.art_url_sm;
      name = suggestion.hit.name;
      highlight = nameHighlight(suggestion.hit);
      kind = 'Artist';
      line = `${plural(suggestion.hit.set_count, 'set')} · ${plural(suggestion.hit.track_count, 'track')}`;
      break;
    case 'labels':
      image = suggestion.hit.art_url_sm ?? suggestion.hit.logo_url;
      name = suggestion.hit.name;
      highlight = nameHighlight(suggestion.hit);
      kind = 'Label';
      line = `${plural(suggestion.hit.set_count, 'set')} · ${plural(suggestion.hit.track_count, 'track')}`;
      break;
    case 'tracks':
      image = suggestion.hit.art_url_sm;
      name = trackDisplayTitle(suggestion.hit);
      highlight = trackHighlight(suggestion.hit, words);
      isId = suggestion.hit.mix_type === 'ID';
      released = isId && !!suggestion.hit.release;
      kind = isId ? null : 'Track';
      line = suggestion.hit.artist;
      break;
    case 'sets':
      image = suggestion.hit.art_url_sm;
      name = suggestion.hit.set_name;
      highlight = setHighlight(suggestion.hit, words);
      kind = 'Set';
      line = suggestion.hit.artist;
      break;
  }
  return (
    <>
      <Artwork src={image} size={40} round={round} radius={1.5} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {/* Two lines before the name is cut: long set names still say which set it is. */}
        <Box
          sx={{
            fontWeight: 600,
            lineHeight: 1.35,
            overflow: 'hidden',
            display: '-webkit-box',
            WebkitBoxOrient: 'vertical',
            WebkitLineClamp: 2,
            overflowWrap: 'anywhere',
          }}
        >
          <Highlight text={name} ranges={highlight.title} />
        </Box>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.75,
            fontSize: '0.8rem',
            color: colors.textMuted,
            minWidth: 0,
          }}
        >
          {isId && (
            <Box
              component="span"
              aria-label={released ? 'Released ID' : 'Unreleased ID'}
              sx={{
                px: 0.5,
                borderRadius: 0.75,
                bgcolor: colors.acid,
                color: colors.ink,
                fontSize: '0.65rem',
                fontWeight: 800,
                letterSpacing: '0.06em',
              }}
            >
              ID
            </Box>
          )}
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {kind && `${kind} · `}
            <Highlight text={line} ranges={highlight.subtitle} />
          </Box>
        </Box>
      </Box>
    </>
  );
}

function plural(count: number, noun: string): string {
  return `${formatNumber(count)} ${noun}${count === 1 ? '' : 's'}`;
}
