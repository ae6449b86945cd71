import { DiscoverPage } from '../../components/discover-page';
import { ArtistCard } from '../../components/entity-cards';
import { artistColumns } from '../../components/entity-columns';
import { useArtists } from './artists-api';

export function ArtistsPage() {
  return (
    <DiscoverPage
      list="artists"
      title="Artists"
      banner={{
        overline: 'Artists',
        title: 'Discover Artists',
        subtitle: 'Musical talent from around the world',
        tint: 'cyan',
      }}
      useItems={useArtists}
      columns={artistColumns}
      renderCard={(artist) => <ArtistCard artist={artist} />}
      round
      followedLabel="Followed only"
      emptyFollowed={['You follow no artists yet', 'Artists you follow show up here.']}
    />
  );
}
