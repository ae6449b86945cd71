import { PageBanner } from '../../components/page-banner';
import { useDocumentTitle } from '../../lib/use-document-title';

// The detail view of spec §2 lands with the catalogue issue; the route and its frame exist now.
export function ArtistDetailPage() {
  useDocumentTitle('Artist');
  return <PageBanner overline="Artist" title="Loading the artist details" tint="cyan" />;
}
