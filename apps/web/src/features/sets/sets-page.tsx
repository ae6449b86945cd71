import { useSearchParams } from 'react-router';
import { ActiveGenre } from '../../components/genre-chip';
import { PageBanner } from '../../components/page-banner';
import { useDocumentTitle } from '../../lib/use-document-title';

export function SetsPage() {
  const [params] = useSearchParams();
  useDocumentTitle('Sets');
  return (
    <PageBanner overline="Sets" title="Dive down the rabbit hole with musical journeys" tint="violet">
      <ActiveGenre genre={params.get('genre')} clearTo="/sets" />
    </PageBanner>
  );
}
