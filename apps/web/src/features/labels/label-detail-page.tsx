import { PageBanner } from '../../components/page-banner';
import { useDocumentTitle } from '../../lib/use-document-title';

// The detail view of spec §2 lands with the catalogue issue; the route and its frame exist now.
export function LabelDetailPage() {
  useDocumentTitle('Label');
  return <PageBanner overline="Label" title="Loading the label details" tint="acid" />;
}
