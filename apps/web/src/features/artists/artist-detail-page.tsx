import { DEFAULT_SORTS, SITE_NAME } from '@cratedig/contract/constants';
import { Bio } from '../../components/bio';
import { DetailHero, DetailHeroSkeleton } from '../../components/detail-hero';
import { DetailTabs } from '../../components/detail-tabs';
import { NamedLinks } from '../../components/named-links';
import { DetailUnavailable } from '../../components/not-found';
import { ShareButton } from '../../components/share-button';
import { SocialLinks } from '../../components/social-links';
import { LabelTabList, SetTabList, TrackTabList, useToggleSort } from '../../components/tab-lists';
import { plural } from '../../lib/format';
import { resolveMediaUrl } from '../../lib/media-url';
import { usePageMeta } from '../../lib/use-page-meta';
import { useRouteId } from '../../lib/use-route-id';
import { FollowToggle, StatsLikesToggle } from '../library';
import { useArtistDetail } from './artist-detail-api';
import { useArtistLabels, useArtistSets, useArtistTracks } from './artist-tabs-api';

// docs/web-app.md Artist detail /artists/{id}.
export function ArtistDetailPage() {
  const id = useRouteId();
  const { data: artist, isPending, isError } = useArtistDetail(id);
  // docs/web-app.md: '{artist} on Cratedig', the social-share title and image; both reset on leaving.
  usePageMeta(
    artist ? `${artist.name} on ${SITE_NAME}` : null,
    artist ? resolveMediaUrl(artist.art_url_xl) : null,
  );

  if (isError || id === 0) return <DetailUnavailable kind="artist" listPath="/artists" />;
  if (isPending) return <DetailHeroSkeleton round />;

  const socials = (['beatport', 'instagram', 'youtube', 'website'] as const).flatMap((network) => {
    const url = artist[network];
    return url ? [{ network, url }] : [];
  });
  return (
    <>
      <DetailHero
        kind="Artist"
        image={artist.art_url_xl}
        round
        title={artist.name}
        actions={
          <>
            <FollowToggle kind="artist" item={artist} />
            <StatsLikesToggle kind="artist" item={artist} />
            <ShareButton kind="artists" id={artist.id} name={artist.name} />
            <SocialLinks links={socials} owner={artist.name} />
          </>
        }
      >
        <span>
          {plural(artist.set_count, 'set')} · {plural(artist.track_count, 'track')}
          {artist.track_genres.length > 0 && ` · ${artist.track_genres.slice(0, 3).join(', ')}`}
        </span>
        <NamedLinks caption="Founder of" refs={artist.founded_label} to={(labelId) => `/labels/${labelId}`} />
      </DetailHero>
      {artist.bio && <Bio text={artist.bio} />}
      <DetailTabs
        label={`${artist.name} catalogue`}
        tabs={[
          { key: 'sets', label: 'Sets', count: artist.set_count, render: () => <SetsTab id={artist.id} /> },
          {
            key: 'tracks',
            label: 'Tracks',
            count: artist.track_count,
            render: () => <TracksTab id={artist.id} tab="tracks" />,
          },
          {
            key: 'remixes',
            label: 'Remixes',
            count: artist.remix_count,
            render: () => <TracksTab id={artist.id} tab="remixes" />,
          },
          {
            key: 'ids',
            label: 'IDs',
            count: artist.id_count,
            render: () => <TracksTab id={artist.id} tab="ids" />,
          },
          {
            key: 'labels',
            label: 'Labels',
            count: artist.label_count,
            render: () => <LabelsTab id={artist.id} />,
          },
        ]}
      />
    </>
  );
}

function SetsTab({ id }: { id: number }) {
  const [sort, toggle] = useToggleSort(DEFAULT_SORTS.sets);
  return <SetTabList query={useArtistSets(id, sort)} sort={sort} onSort={toggle} label="Sets" />;
}

function TracksTab({ id, tab }: { id: number; tab: 'tracks' | 'remixes' | 'ids' }) {
  const [sort, toggle] = useToggleSort(tab === 'ids' ? DEFAULT_SORTS.ids : DEFAULT_SORTS.tracks);
  const label = tab === 'ids' ? 'IDs' : tab === 'remixes' ? 'Remixes' : 'Tracks';
  return (
    <TrackTabList
      query={useArtistTracks(id, tab, sort)}
      sort={sort}
      onSort={toggle}
      label={label}
      ids={tab === 'ids'}
    />
  );
}

function LabelsTab({ id }: { id: number }) {
  const [sort, toggle] = useToggleSort(DEFAULT_SORTS.labels);
  return <LabelTabList query={useArtistLabels(id, sort)} sort={sort} onSort={toggle} label="Labels" />;
}
