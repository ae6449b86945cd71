import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from './states';

/** A detail that could not be loaded (404 or otherwise): says so, offers the way back to the list. */
export function DetailUnavailable({ kind, listPath }: { kind: string; listPath: string }) {
  return (
    <EmptyState title={`This ${kind} could not be found`}>
      It may have been removed.{' '}
      <Button component={RouterLink} to={listPath} size="small">
        Browse {kind}s
      </Button>
    </EmptyState>
  );
}
