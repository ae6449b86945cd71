import { useSearchParams } from 'react-router';
import { ActiveGenre } from '../../components/genre-chip';
import { PageBanner } from '../../components/page-banner';
import { useDocumentTitle } from '../../lib/use-document-title';

export function TracksPage() {
  const [params] = useSearchParams();
  useDocumentTitle('Tracks');
  return (
    <PageBanner overline="Tracks" title="Crate dig through new & old cuts" tint="ember">
      <ActiveGenre genre={params.get('genre')} clearTo="/tracks" />
    </PageBanner>
  );
}
