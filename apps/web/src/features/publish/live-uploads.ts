// A draft's processing, live: each step and its progress arrive on the app's live stream as `upload`
// events ({upload: MySet}) and go into the cached draft and list. A reconnect that could not catch up
// reads them again; the draft's own query polls meanwhile while it is processing (publish-api.ts).
import type { UploadEvent } from '@cratedig/contract/publish-api';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../api/use-live-events';
import { publishKeys, rememberDraft } from './publish-api';

export function useLiveUploads() {
  const client = useQueryClient();
  useLiveEvents({
    onMessage: ({ type, data }) => {
      if (type !== 'upload') return;
      const upload = (data as Partial<UploadEvent> | undefined)?.upload;
      if (upload && typeof upload.id === 'string') rememberDraft(client, upload);
    },
    onConnected: (caughtUp) => {
      if (!caughtUp) void client.invalidateQueries({ queryKey: publishKeys.all });
    },
  });
}
