import { PageBanner } from '../../components/page-banner';
import { useDocumentTitle } from '../../lib/use-document-title';

export function ArtistsPage() {
  useDocumentTitle('Artists');
  return (
    <PageBanner
      overline="Artists"
      title="Discover Artists"
      subtitle="Musical talent from around the world"
      tint="cyan"
    />
  );
}
