import { DEFAULT_SORTS, SITE_NAME } from '@cratedig/contract/constants';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Bio } from '../../components/bio';
import { DetailHero, DetailHeroSkeleton } from '../../components/detail-hero';
import { DetailTabs } from '../../components/detail-tabs';
import { NamedLinks } from '../../components/named-links';
import { DetailUnavailable } from '../../components/not-found';
import { ShareButton } from '../../components/share-button';
import { networkOf, SocialLinks } from '../../components/social-links';
import { ArtistTabList, SetTabList, TrackTabList, useToggleSort } from '../../components/tab-lists';
import { colors } from '../../lib/design-tokens';
import { plural } from '../../lib/format';
import { resolveMediaUrl } from '../../lib/media-url';
import { usePageMeta } from '../../lib/use-page-meta';
import { useRouteId } from '../../lib/use-route-id';
import { FollowToggle, StatsLikesToggle } from '../library';
import { useLabelDetail } from './label-detail-api';
import { useLabelArtists, useLabelSets, useLabelTracks } from './label-tabs-api';

// docs/web-app.md Label detail /labels/{id}.
export function LabelDetailPage() {
  const id = useRouteId();
  const { data: label, isPending, isError } = useLabelDetail(id);
  usePageMeta(
    label ? `${label.name} on ${SITE_NAME}` : null,
    label ? resolveMediaUrl(label.art_url_xl) : null,
  );

  if (isError || id === 0) return <DetailUnavailable kind="label" listPath="/labels" />;
  if (isPending) return <DetailHeroSkeleton />;

  return (
    <>
      <DetailHero
        kind="Label"
        image={label.art_url_xl ?? label.logo_url}
        title={label.name}
        actions={
          <>
            <FollowToggle kind="label" item={label} />
            <StatsLikesToggle kind="label" item={label} />
            <ShareButton kind="labels" id={label.id} name={label.name} />
            <SocialLinks
              links={label.socials.map((url) => ({ network: networkOf(url), url }))}
              owner={label.name}
            />
          </>
        }
      >
        <span>
          {plural(label.set_count, 'set')} · {plural(label.track_count, 'track')} ·{' '}
          {plural(label.artist_count, 'artist')}
        </span>
        <NamedLinks caption="Founded by" refs={label.label_boss} to={(artistId) => `/artists/${artistId}`} />
      </DetailHero>
      {/* docs/web-app.md: the bio only for a full profile (label_meta). */}
      {label.sponsor_type === 'label_meta' ? (
        label.bio && <Bio text={label.bio} />
      ) : (
        <Box
          component="section"
          sx={{ mt: 3, p: 3, borderRadius: 4, border: `1px dashed ${colors.line}`, maxWidth: 760 }}
        >
          <Typography variant="h6" component="h2">
            Curator profiles coming soon!
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            We are currently under development, thank you for your patience.
          </Typography>
        </Box>
      )}
      <DetailTabs
        label={`${label.name} catalogue`}
        tabs={[
          { key: 'sets', label: 'Sets', count: label.set_count, render: () => <SetsTab id={label.id} /> },
          {
            key: 'tracks',
            label: 'Tracks',
            count: label.track_count,
            render: () => <TracksTab id={label.id} />,
          },
          {
            key: 'artists',
            label: 'Artists',
            count: label.artist_count,
            render: () => <ArtistsTab id={label.id} />,
          },
        ]}
      />
    </>
  );
}

function SetsTab({ id }: { id: number }) {
  const [sort, toggle] = useToggleSort(DEFAULT_SORTS.sets);
  return <SetTabList query={useLabelSets(id, sort)} sort={sort} onSort={toggle} label="Sets" />;
}

function TracksTab({ id }: { id: number }) {
  const [sort, toggle] = useToggleSort(DEFAULT_SORTS.tracks);
  return <TrackTabList query={useLabelTracks(id, sort)} sort={sort} onSort={toggle} label="Tracks" />;
}

function ArtistsTab({ id }: { id: number }) {
  const [sort, toggle] = useToggleSort(DEFAULT_SORTS.artists);
  return <ArtistTabList query={useLabelArtists(id, sort)} sort={sort} onSort={toggle} label="Artists" />;
}
