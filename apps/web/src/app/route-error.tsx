import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router';
import { LogoMark } from '../components/logo';
import { useDocumentTitle } from '../lib/use-document-title';

// A deploy replaces hashed chunks; a tab opened before it fails to import the new page's chunk.
function isStaleChunk(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  );
}

/** Route-level error boundary: a friendly way out instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  if (import.meta.env.DEV) console.error(error);

  const stale = isStaleChunk(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? 'Nothing in this crate' : stale ? 'Cratedig was updated' : 'The needle skipped';
  const text = notFound
    ? 'We could not find that page.'
    : stale
      ? 'A newer version is available. Reload to keep digging.'
      : 'Something went wrong on this page. Reloading usually fixes it; if not, head back home.';

  return (
    <Box
      role="alert"
      sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', textAlign: 'center', px: 3, py: 8 }}
    >
      <Box sx={{ maxWidth: 460 }}>
        <LogoMark size={56} />
        <Typography variant="h3" component="h1" sx={{ mt: 3 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.5 }}>
          {text}
        </Typography>
        <Box sx={{ mt: 4, display: 'flex', gap: 1.5, justifyContent: 'center' }}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload
          </Button>
          <Button variant="outlined" color="secondary" component={RouterLink} to="/home">
            Go home
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
