import { SITE_NAME } from '@cratedig/contract/constants';
import { useEffect } from 'react';

/** Page title as "{page} · Cratedig", or just "Cratedig" without a page title. */
export function formatDocumentTitle(title?: string): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);
}
