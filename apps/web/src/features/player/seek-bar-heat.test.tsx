import type { SetHeat } from '@cratedig/contract/moments-api';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSet, makeUser } from '../../test/factories';
import type { FakeRequest, FakeResponse } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { SeekBar } from './seek-bar';

const set = makeSet(1);
const buckets = new Array<number>(180).fill(0);
buckets[66] = 3;
const heat: SetHeat = {
  set_meta_id: 1,
  duration_s: 900,
  bucket_s: 5,
  buckets,
  total: 3,
  peak: { bucket: 66, start_s: 330, end_s: 335, at_s: 332, likes: 3, track_position: 2 },
  tracks: [],
};

describe("the bottom player's seek bar", () => {
  it("draws the playing set's moment likes above the bar", async () => {
    const handler = (r: FakeRequest): FakeResponse | undefined =>
      r.path === '/sets/1/heat' ? { body: heat } : undefined;
    const { store } = renderWithProviders(<SeekBar />, {
      api: handler,
      session: makeUser(),
      player: { sets: [set] },
    });
    expect(document.querySelector('[data-heat-strip]')).toBeNull();
    await act(() => store.play(1, 0));
    const strip = await screen.findByRole('img', {
      hidden: true,
      name: /3 likes; the most liked moment is at 5:32/,
    });
    expect(strip.closest('[aria-hidden]')).not.toBeNull();
    expect(document.querySelector('[data-heat-area]')).not.toBeNull();
  });
});
