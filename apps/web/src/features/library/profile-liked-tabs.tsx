// docs/web-app.md Profile tabs: Liked Sets, Liked Tracks, Watched IDs, Liked Artists, Liked Labels — the
// signed-in user's own lists (GET /users/{me}/sets, /tracks, /ids, /artists, /labels: what they
// favourited or liked, watched, followed or liked), each with
// column sorting, Load more and a designed empty state pointing at where to find things to keep.
import { DEFAULT_SORTS } from '@cratedig/contract/constants';
import type { ProfileList } from '@cratedig/contract/library-api';
import AlbumOutlined from '@mui/icons-material/AlbumOutlined';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HeadphonesOutlined from '@mui/icons-material/HeadphonesOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { type DetailTab, DetailTabs } from '../../components/detail-tabs';
import type { PagedQuery } from '../../components/paged-list';
import {
  ArtistTabList,
  LabelTabList,
  SetTabList,
  TrackTabList,
  useToggleSort,
} from '../../components/tab-lists';
import { colors } from '../../lib/design-tokens';
import { useAuth } from '../auth';
import { useLikedArtists, useLikedLabels, useLikedSets, useLikedTracks } from './profile-lists-api';

interface EmptyCopy {
  title: string;
  line: string;
  icon: ReactNode;
  to: string;
  action: string;
}

const EMPTY: Record<ProfileList, EmptyCopy> = {
  sets: {
    title: 'No liked sets yet',
    line: 'Favourite or like a set you love and it will wait for you here.',
    icon: <HeadphonesOutlined />,
    to: '/sets',
    action: 'Discover sets',
  },
  tracks: {
    title: 'No liked tracks yet',
    line: 'Favourite or like a track while you dig and build your own crate.',
    icon: <FavoriteBorderRounded />,
    to: '/tracks',
    action: 'Discover tracks',
  },
  ids: {
    title: 'No watched IDs yet',
    line: 'Watch an unreleased ID and you hear as soon as it comes out.',
    icon: <VisibilityOutlined />,
    to: '/sets',
    action: 'Find IDs in sets',
  },
  artists: {
    title: 'No liked artists yet',
    line: 'Follow or like the artists you rate to keep them one click away.',
    icon: <GroupsOutlined />,
    to: '/artists',
    action: 'Discover artists',
  },
  labels: {
    title: 'No liked labels yet',
    line: 'Follow or like independent labels to keep an eye on what they put out.',
    icon: <AlbumOutlined />,
    to: '/labels',
    action: 'Discover labels',
  },
};

/** The liked lists, then the tabs the profile adds after them (its Suggestions). */
export function ProfileLikedTabs({ extraTabs = [] }: { extraTabs?: DetailTab[] }) {
  const { user } = useAuth();
  if (!user) return null;
  const me = user.id;
  return (
    <DetailTabs
      label="Your library"
      tabs={[
        { key: 'liked-sets', label: 'Liked Sets', render: () => <LikedSets me={me} /> },
        { key: 'liked-tracks', label: 'Liked Tracks', render: () => <LikedTracks me={me} list="tracks" /> },
        { key: 'watched-ids', label: 'Watched IDs', render: () => <LikedTracks me={me} list="ids" /> },
        { key: 'liked-artists', label: 'Liked Artists', render: () => <LikedArtists me={me} /> },
        { key: 'liked-labels', label: 'Liked Labels', render: () => <LikedLabels me={me} /> },
        ...extraTabs,
      ]}
    />
  );
}

/** The designed empty state when a loaded list has nothing; otherwise the list itself. */
function OrEmpty<T>({
  query,
  list,
  children,
}: {
  query: PagedQuery<T>;
  list: ProfileList;
  children: ReactNode;
}) {
  const first = query.data?.pages[0];
  if (query.isSuccess && !query.isPlaceholderData && first && first.pagination.total === 0) {
    return <LibraryEmptyState copy={EMPTY[list]} />;
  }
  return <>{children}</>;
}

function LikedSets({ me }: { me: number }) {
  const [sort, toggle] = useToggleSort(DEFAULT_SORTS.sets);
  const query = useLikedSets(me, sort);
  return (
    <OrEmpty query={query} list="sets">
      <SetTabList query={query} sort={sort} onSort={toggle} label="Liked Sets" />
    </OrEmpty>
  );
}

function LikedTracks({ me, list }: { me: number; list: 'tracks' | 'ids' }) {
  const [sort, toggle] = useToggleSort(list === 'ids' ? DEFAULT_SORTS.ids : DEFAULT_SORTS.tracks);
  const query = useLikedTracks(me, list, sort);
  return (
    <OrEmpty query={query} list={list}>
      <TrackTabList
        query={query}
        sort={sort}
        onSort={toggle}
        label={list === 'ids' ? 'Watched IDs' : 'Liked Tracks'}
        ids={list === 'ids'}
      />
    </OrEmpty>
  );
}

function LikedArtists({ me }: { me: number }) {
  const [sort, toggle] = useToggleSort(DEFAULT_SORTS.artists);
  const query = useLikedArtists(me, sort);
  return (
    <OrEmpty query={query} list="artists">
      <ArtistTabList query={query} sort={sort} onSort={toggle} label="Liked Artists" />
    </OrEmpty>
  );
}

function LikedLabels({ me }: { me: number }) {
  const [sort, toggle] = useToggleSort(DEFAULT_SORTS.labels);
  const query = useLikedLabels(me, sort);
  return (
    <OrEmpty query={query} list="labels">
      <LabelTabList query={query} sort={sort} onSort={toggle} label="Liked Labels" />
    </OrEmpty>
  );
}

function LibraryEmptyState({ copy }: { copy: EmptyCopy }) {
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1.25,
        px: 3,
        py: { xs: 5, md: 7 },
        borderRadius: 5,
        border: `1px dashed ${colors.line}`,
        background: `radial-gradient(70% 110% at 50% 0%, rgba(198, 255, 58, 0.08), transparent 70%), ${colors.surface1}`,
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 72,
          height: 72,
          mb: 1,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          color: colors.acid,
          background: colors.surface3,
          boxShadow: `0 0 0 6px rgba(198, 255, 58, 0.08)`,
          '& svg': { fontSize: 34 },
        }}
      >
        {copy.icon}
      </Box>
      <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1.2rem' }}>
        {copy.title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
        {copy.line}
      </Typography>
      <Button component={RouterLink} to={copy.to} variant="contained" sx={{ mt: 1.5 }}>
        {copy.action}
      </Button>
    </Box>
  );
}
