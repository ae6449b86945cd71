import { DEFAULT_SORTS, SITE_NAME } from '@cratedig/contract/constants';
import type { PlaceDetail } from '@cratedig/contract/place';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/api-context';
import { DetailHero, DetailHeroSkeleton } from '../../components/detail-hero';
import { DetailUnavailable } from '../../components/not-found';
import { SetTabList, useToggleSort } from '../../components/tab-lists';
import { plural } from '../../lib/format';
import { resolveMediaUrl } from '../../lib/media-url';
import { usePageMeta } from '../../lib/use-page-meta';
import { useRouteId } from '../../lib/use-route-id';
import { PlaceFollowToggle } from '../library';
import { type PlaceKind, placeDetailQueryOptions, usePlaceDetail, usePlaceSets } from './places-api';

/** The years a place's sets span: '2019–2024', or one year. */
export function yearsOf(place: Pick<PlaceDetail, 'first_set_date' | 'latest_set_date'>): string | null {
  const first = place.first_set_date?.slice(0, 4);
  const latest = place.latest_set_date?.slice(0, 4);
  if (!first || !latest) return null;
  return first === latest ? first : `${first}–${latest}`;
}

// docs/web-app.md Festival and venue pages /festivals/{id}, /venues/{id}.
function PlacePage({ kind }: { kind: PlaceKind }) {
  const id = useRouteId();
  const { transport } = useApi();
  const client = useQueryClient();
  const { data: place, isPending, isError } = usePlaceDetail(kind, id);
  usePageMeta(
    place ? `${place.name} on ${SITE_NAME}` : null,
    place ? resolveMediaUrl(place.art_url_xl) : null,
  );

  if (isError || id === 0) return <DetailUnavailable kind={kind} listPath="/sets" />;
  if (isPending) return <DetailHeroSkeleton />;

  const where = [place.city, place.country].filter(Boolean).join(', ');
  const years = yearsOf(place);
  const followed = (is_followed: boolean) => {
    const key = placeDetailQueryOptions(transport, kind, id).queryKey;
    client.setQueryData<PlaceDetail>(key, (old) =>
      old && old.user_place_stats.is_followed !== is_followed
        ? {
            ...old,
            followers: Math.max(0, old.followers + (is_followed ? 1 : -1)),
            user_place_stats: { is_followed },
          }
        : old,
    );
  };
  return (
    <>
      <DetailHero
        kind={kind === 'festival' ? 'Festival' : 'Venue'}
        image={place.art_url_xl}
        title={place.name}
        actions={<PlaceFollowToggle kind={kind} place={place} onFollowed={followed} />}
      >
        {where && <span style={{ fontSize: '1.1rem' }}>{where}</span>}
        <span>
          {plural(place.set_count, 'set')}
          {years && ` · ${years}`} · {plural(place.followers, 'follower')}
        </span>
      </DetailHero>
      <Box component="section" aria-labelledby="place-sets" sx={{ mt: 4 }}>
        <Typography id="place-sets" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          {kind === 'festival' ? 'Sets from this festival' : 'Sets recorded here'}
        </Typography>
        <PlaceSets kind={kind} id={place.id} />
      </Box>
    </>
  );
}

function PlaceSets({ kind, id }: { kind: PlaceKind; id: number }) {
  const [sort, toggle] = useToggleSort(DEFAULT_SORTS.sets);
  return <SetTabList query={usePlaceSets(kind, id, sort)} sort={sort} onSort={toggle} label="Sets" />;
}

export function FestivalDetailPage() {
  return <PlacePage kind="festival" />;
}

export function VenueDetailPage() {
  return <PlacePage kind="venue" />;
}
