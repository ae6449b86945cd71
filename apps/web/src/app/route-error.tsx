import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Component, type ReactNode } from 'react';
import { isRouteErrorResponse, Link as RouterLink, useLocation } from 'react-router';
import { LogoMark } from '../components/logo';
import { useDocumentTitle } from '../lib/use-document-title';

// A deploy replaces hashed chunks; a tab opened before it fails to import the new page's chunk.
function isStaleChunk(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  );
}

/** Route-level error page: a friendly way out instead of a blank screen. */
export function RouteError({ error }: { error: unknown }) {
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

class ErrorCatcher extends Component<{ children: ReactNode; resetKey: string }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    // Moving to another page leaves the error behind.
    if (previous.resetKey !== this.props.resetKey && this.state.error !== null)
      this.setState({ error: null });
  }

  override render() {
    return this.state.error !== null ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** Catches what a page (or its chunk's loading) throws and shows RouteError in its place. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorCatcher resetKey={pathname}>{children}</ErrorCatcher>;
}
