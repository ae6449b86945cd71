import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The column every public account page shares: heading, one line, then the page's own content. */
export function AuthPageFrame({
  title,
  documentTitle,
  lead,
  children,
}: {
  title: string;
  documentTitle: string;
  lead: string;
  children?: ReactNode;
}) {
  useDocumentTitle(documentTitle);
  return (
    <Box sx={{ my: { md: 'auto' }, width: '100%', maxWidth: 440, mx: { xs: 0, md: 'auto' } }}>
      <Typography variant="h3" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1.5, fontSize: '1.05rem' }}>
        {lead}
      </Typography>
      <Box sx={{ mt: 4 }}>{children}</Box>
    </Box>
  );
}
