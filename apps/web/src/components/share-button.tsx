import type { PreviewKind } from '@cratedig/contract/catalogue-api';
import IosShareRounded from '@mui/icons-material/IosShareRounded';
import IconButton from '@mui/material/IconButton';
import { siteAddress } from '../lib/media-url';
import { useSnackbar } from '../lib/toast';
import { Tooltip } from './tooltip';

/**
 * docs/catalogue.md Copy success: 'Set', 'Track' or the name, then ' link has been copied to your clipboard!'
 */
export function copyMessage(kind: PreviewKind, name: string): string {
  const subject = kind === 'sets' ? 'Set' : kind === 'tracks' ? 'Track' : name;
  return `${subject} link has been copied to your clipboard!`;
}

/**
 * The absolute share-preview link of an item (docs/catalogue.md Sharing). Same path as the contract's
 * previewPath(), written out so the page does not load zod and every entity schema just for a string.
 */
export function shareLink(kind: PreviewKind, id: number): string {
  return `${siteAddress()}/public/preview/${kind}/${id}`;
}

/** Copies the share-preview link; a failure is only logged (docs/catalogue.md). */
export function ShareButton({ kind, id, name }: { kind: PreviewKind; id: number; name: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shareLink(kind, id));
      enqueueSnackbar(copyMessage(kind, name), { variant: 'success' });
    } catch (error) {
      console.error('Copying the share link failed', error);
    }
  };
  return (
    <Tooltip title="Copy share link">
      <IconButton
        aria-label={`Share ${name}`}
        onClick={copy}
        sx={{ border: '1px solid rgba(255,255,255,0.22)' }}
      >
        <IosShareRounded />
      </IconButton>
    </Tooltip>
  );
}
