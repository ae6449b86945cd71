import { ONBOARDING_STEPS as STEP_COUNT } from '@cratedig/contract/constants';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { useApi } from '../../api/api-context';
import { apiClient } from '../../api/client';
import { useAuth } from '../auth';
import { ONBOARDING_STEPS } from './onboarding-steps';

/**
 * docs/web-app.md Home onboarding: 4 steps, Back disabled on step 1, Next becomes Finish on step 4 and shows
 * 'Finishing...' while POST /me/onboarding runs, a counter '1 / 4'; closing completes it too.
 */
export function OnboardingModal({ onDone }: { onDone?: () => void }) {
  const api = useApi();
  const { user, updateUser } = useAuth();
  const [step, setStep] = useState(0);
  const [open, setOpen] = useState(true);
  const [finishing, setFinishing] = useState(false);
  const started = useRef(false);
  const titleId = useId();
  const current = ONBOARDING_STEPS[step];
  const last = step === STEP_COUNT - 1;

  async function complete(): Promise<void> {
    if (started.current) return;
    started.current = true;
    try {
      updateUser(await apiClient(api.transport).accounts.completeOnboarding());
    } catch (error) {
      // docs/web-app.md: other failures are only logged. Hide it for this visit; it comes back next time.
      console.error('saving onboarding failed', error);
      if (user) updateUser({ ...user, completed_onboarding: true });
    }
  }

  async function finish() {
    setFinishing(true);
    await complete();
    setOpen(false);
    onDone?.();
  }

  function close() {
    if (finishing) return;
    setOpen(false);
    onDone?.();
    void complete();
  }

  if (!current) return null;
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: { sx: { borderRadius: 4, backgroundImage: 'none' } } }}
    >
      <IconButton
        aria-label="Close"
        onClick={close}
        disabled={finishing}
        sx={{ position: 'absolute', top: 10, right: 10, zIndex: 1 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent sx={{ pt: 3, px: { xs: 2.5, sm: 3 } }}>
        {current.illustration}
        <Typography id={titleId} variant="h5" component="h2" sx={{ mt: 3, fontWeight: 700 }}>
          {current.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.25, minHeight: { sm: 72 } }}>
          {current.body}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: { xs: 2.5, sm: 3 }, pb: 2.5, justifyContent: 'space-between' }}>
        <Button onClick={() => setStep((value) => value - 1)} disabled={step === 0 || finishing}>
          Back
        </Button>
        <Box
          component="span"
          aria-label={`Step ${step + 1} of ${STEP_COUNT}`}
          sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums', fontSize: 14 }}
        >
          {`${step + 1} / ${STEP_COUNT}`}
        </Box>
        {last ? (
          <Button
            variant="contained"
            onClick={() => void finish()}
            disabled={finishing}
            startIcon={finishing ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {finishing ? 'Finishing...' : 'Finish'}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => setStep((value) => value + 1)}>
            Next
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
