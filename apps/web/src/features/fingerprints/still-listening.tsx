// 'Still listening': shown where fingerprint results appear while the job has sets left to read.
import HearingRounded from '@mui/icons-material/HearingRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function StillListening() {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
      <HearingRounded fontSize="small" aria-hidden />
      <Typography variant="body2">
        Cratedig is still listening to the sets' audio: more may turn up in a few minutes.
      </Typography>
    </Box>
  );
}
