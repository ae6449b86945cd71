// Renders player UI around a store of the test's own (jsdom has no media playback; see FakeAudio).
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { theme } from '../../app/theme';
import { PlayerProvider } from './player-context';
import { PlayerStore } from './player-store';
import { FakeAudio, type makeQueue, makeSet, recordingApi } from './player-test-support';

export function renderWithPlayer(ui: ReactNode, options: { queue?: ReturnType<typeof makeQueue> } = {}) {
  const backend = recordingApi([makeSet(1), makeSet(2), makeSet(3)], options.queue ?? []);
  const audio = new FakeAudio();
  const store = new PlayerStore({
    api: backend.api,
    audio: audio.asElement(),
    notify: (message, variant) => {
      enqueueSnackbar(message, { variant });
    },
    isVisible: () => true,
  });
  store.setUser(7);
  const user = userEvent.setup();
  const view = render(
    <ThemeProvider theme={theme}>
      <SnackbarProvider>
        <MemoryRouter>
          <PlayerProvider store={store}>{ui}</PlayerProvider>
        </MemoryRouter>
      </SnackbarProvider>
    </ThemeProvider>,
  );
  return { ...view, store, backend, audio, user };
}
