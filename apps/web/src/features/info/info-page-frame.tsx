import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';

export interface InfoSection {
  heading: string;
  body: ReactNode;
  /** The section's anchor, for links within the page. */
  id?: string;
}

/**
 * A readable long-form page: narrow measure, clear section headings. `updated` (YYYY-MM-DD), when
 * given, is the version date shown under the title: the terms and the privacy policy promise one.
 */
export function InfoPageFrame({
  title,
  lead,
  sections,
  updated,
}: {
  title: string;
  lead: ReactNode;
  sections: InfoSection[];
  updated?: string;
}) {
  useDocumentTitle(title);
  return (
    <Box component="article" sx={{ maxWidth: 720, width: '100%', mx: { xs: 0, lg: 'auto' } }}>
      <Typography variant="overline" component="p" color="primary">
        Cratedig
      </Typography>
      <Typography variant="h2" component="h1" sx={{ fontSize: { xs: '2.2rem', md: '2.75rem' } }}>
        {title}
      </Typography>
      {updated && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Last updated <time dateTime={updated}>{formatDate(updated)}</time>
        </Typography>
      )}
      <Typography component="div" sx={{ mt: 3, fontSize: '1.1rem', lineHeight: 1.7, color: 'text.primary' }}>
        {lead}
      </Typography>
      {sections.map((section) => (
        <Box component="section" key={section.heading} id={section.id} sx={{ mt: 4 }}>
          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            {section.heading}
          </Typography>
          <Typography
            component="div"
            color="text.secondary"
            sx={{
              lineHeight: 1.75,
              '& p': { m: 0, mb: 1.5 },
              '& ul': { pl: 2.5, mt: 0 },
              '& li': { mb: 0.75 },
            }}
          >
            {section.body}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
