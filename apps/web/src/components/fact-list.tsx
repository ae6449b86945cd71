import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { colors } from '../lib/design-tokens';

/** A row of labelled facts (Label, Released, BPM, ...) as a description list. */
export function FactList({ facts }: { facts: { label: string; value: ReactNode }[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        mt: 3,
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fit, minmax(140px, 1fr))' },
        gap: 1.5,
      }}
    >
      {facts.map((fact) => (
        <Box
          key={fact.label}
          sx={{
            px: 2,
            py: 1.5,
            borderRadius: 3,
            backgroundColor: colors.surface1,
            border: `1px solid ${colors.line}`,
            minWidth: 0,
          }}
        >
          <Typography
            component="dt"
            variant="overline"
            color="text.secondary"
            sx={{ lineHeight: 1.6, fontSize: '0.68rem' }}
          >
            {fact.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {fact.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
