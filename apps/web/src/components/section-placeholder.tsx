import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { colors } from '../app/theme';

/** A titled section whose content lands with a later feature; says so plainly instead of faking data. */
export function SectionPlaceholder({ title, note }: { title: string; note: string }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 5 }}>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Box
        sx={{
          borderRadius: 4,
          border: `1px dashed ${colors.line}`,
          px: 3,
          py: 4,
          color: 'text.secondary',
          background: `linear-gradient(90deg, ${colors.surface1}, transparent)`,
        }}
      >
        <Typography>{note}</Typography>
      </Box>
    </Box>
  );
}
