import { PageBanner } from '../../components/page-banner';
import { useDocumentTitle } from '../../lib/use-document-title';

export function LabelsPage() {
  useDocumentTitle('Labels');
  return (
    <PageBanner overline="Labels" title="Discover Labels" subtitle="Only independent labels & producers" />
  );
}
