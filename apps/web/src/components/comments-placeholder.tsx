import { EmptyState } from './states';

/** The Comments tab lands with the library issue (issue 4 says so); the tab is there and says it. */
export function CommentsPlaceholder() {
  return (
    <EmptyState title="Comments are coming soon">
      Soon you can talk about moments in this set here.
    </EmptyState>
  );
}
