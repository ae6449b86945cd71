import Box from '@mui/material/Box';
import { colors } from '../lib/design-tokens';
import { useOnline } from '../lib/use-online';

export const OFFLINE_NOTICE = "You're offline — Cratedig reconnects by itself when the network is back.";

/** A thin bar under the top of the frame while the browser has no network; gone once it is back. */
export function OfflineNotice({ top = 0 }: { top?: number | Partial<Record<'xs' | 'md', number>> }) {
  const online = useOnline();
  if (online) return null;
  return (
    <Box
      role="status"
      sx={{
        position: 'sticky',
        top,
        zIndex: (theme) => theme.zIndex.appBar - 1,
        px: 2,
        py: 0.75,
        textAlign: 'center',
        fontSize: 14,
        bgcolor: colors.surface3,
        color: colors.text,
        borderBottom: `1px solid ${colors.line}`,
      }}
    >
      {OFFLINE_NOTICE}
    </Box>
  );
}
