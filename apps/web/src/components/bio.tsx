import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

/** An expandable bio: three lines folded, the whole text on Read more (spec §2 artist page). */
export function Bio({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const long = text.length > 220;
  return (
    <Box component="section" aria-label="Bio" sx={{ mt: 3, maxWidth: 760 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Bio
      </Typography>
      <Typography
        id={id}
        color="text.secondary"
        sx={{
          whiteSpace: 'pre-line',
          lineHeight: 1.7,
          ...(long && !open
            ? { display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }
            : {}),
        }}
      >
        {text}
      </Typography>
      {long && (
        <Button
          size="small"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          aria-controls={id}
          sx={{ mt: 0.5, px: 0 }}
        >
          {open ? 'Show less' : 'Read more'}
        </Button>
      )}
    </Box>
  );
}
