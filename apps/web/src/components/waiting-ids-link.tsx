import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';

/** The way to /ids (the IDs waiting to be named) from the Tracks page and Home; it has no nav entry. */
export function WaitingIdsLink() {
  return (
    <Button
      component={RouterLink}
      to="/ids"
      variant="outlined"
      startIcon={<HelpOutlineRounded />}
      sx={{ mt: 2.5, borderRadius: 999, fontWeight: 700 }}
    >
      Help name the IDs
    </Button>
  );
}
