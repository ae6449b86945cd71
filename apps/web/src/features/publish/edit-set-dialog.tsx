// The owner's Edit on a published set's page: the details form of /publish in a dialog; saving
// applies at once and the page shows the new details (publish-api.ts re-reads the catalogue).
import type { MySet } from '@cratedig/contract/publish-api';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { DetailsForm } from './details-form';

export function EditSetDialog({
  draft,
  open,
  onClose,
}: {
  draft: MySet;
  open: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const small = useMediaQuery('(max-width: 599.95px)');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      fullScreen={small}
    >
      <DialogTitle id={titleId}>Edit your set</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        {open && (
          <DetailsForm
            id={draft.id}
            initial={draft.details}
            artUrl={draft.art_url_xl}
            mode="edit"
            onSaved={onClose}
            onCancel={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
