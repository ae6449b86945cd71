import { PageBanner } from '../../components/page-banner';
import { SectionPlaceholder } from '../../components/section-placeholder';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../auth/auth-context';

// spec §2 Home: the welcome banner, then the featured lists (filled by the catalogue issue).
const featured = [
  'Featured Sets',
  'Newest Tracks',
  'Featured Artists',
  'Featured Labels',
  'Featured Festivals',
  'Featured Venues',
];

export function HomePage() {
  const { user } = useAuth();
  useDocumentTitle('Home');
  return (
    <>
      <PageBanner
        overline="Home"
        title={user ? `Welcome to Cratedig, ${user.username}` : 'Welcome to Cratedig'}
        subtitle="Fresh sets, newly identified tracks and the artists and labels behind them."
      />
      {featured.map((title) => (
        <SectionPlaceholder key={title} title={title} note="Being curated. Check back soon." />
      ))}
    </>
  );
}
