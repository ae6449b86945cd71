import { PageBanner } from '../../components/page-banner';
import { useDocumentTitle } from '../../lib/use-document-title';

// The detail view of spec §2 lands with the catalogue issue; the route and its frame exist now.
export function SetDetailPage() {
  useDocumentTitle('Set');
  return <PageBanner overline="Set" title="Loading the set details" tint="violet" />;
}
