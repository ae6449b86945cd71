import type { MomentTrack } from '@cratedig/contract/moments-api';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { heatAreaPath, smoothHeat } from '../lib/heat';
import { expectShown } from '../test/shown';
import { HeatStrip } from './heat-strip';

const tracks: MomentTrack[] = [
  {
    track_position: 1,
    track_meta_id: 11,
    artist: 'Mira Vale',
    title: 'Opening',
    start_time: 0,
    end_time: 20,
    likes: 1,
  },
  {
    track_position: 2,
    track_meta_id: 12,
    artist: 'Deep Cuts',
    title: 'The Drop',
    start_time: 20,
    end_time: 50,
    likes: 5,
  },
];
// 10 buckets of 5 s over a 50 s set: five likes at 25–30 s (The Drop), one at 5–10 s (Opening).
const buckets = [0, 1, 0, 0, 0, 5, 0, 0, 0, 0];
const peak = { bucket: 5, start_s: 25, end_s: 30, at_s: 28, likes: 5, track_position: 2 };

describe('smoothing the heat', () => {
  it('keeps every like, spreads a spike evenly to both sides and leaves far buckets empty', () => {
    const smoothed = smoothHeat([0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0]);
    expect(smoothed.reduce((a, b) => a + b, 0)).toBeCloseTo(6, 10);
    expect(smoothed[4]).toBe(Math.max(...smoothed));
    expect(smoothed[3]).toBeCloseTo(smoothed[5] ?? -1, 10);
    expect(smoothed[3]).toBeGreaterThan(0);
    expect(smoothed[11]).toBe(0);
    // a like in the first bucket stays inside the set
    expect(smoothHeat([3, 0, 0, 0]).reduce((a, b) => a + b, 0)).toBeCloseTo(3, 10);
  });
});

describe('HeatStrip', () => {
  it('draws the smoothed buckets with the highest point at the most liked bucket, and marks the peak', () => {
    const { container } = render(
      <HeatStrip buckets={buckets} bucketS={5} durationS={50} tracks={tracks} peak={peak} total={6} />,
    );
    const area = container.querySelector('[data-heat-area]');
    const d = area?.getAttribute('d') ?? '';
    expect(d).toBe(heatAreaPath(smoothHeat(buckets), 100));
    // the top of the drawing (y = 0) is at the centre of bucket 5
    expect(d).toContain('L5.5,0');
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('viewBox')).toBe('0 0 10 100');
    // the peak line stands at the most liked moment, not the middle of its bucket: 28.5 s = 5.7 buckets
    expect(container.querySelector('[data-heat-peak]')?.getAttribute('x1')).toBe('5.7');
    expectShown(
      screen.getByRole('img', {
        name: 'Moment likes across the set: 6 likes; the most liked moment is at 0:28, during Deep Cuts — The Drop (5 likes)',
      }),
    );
  });

  it('hovering names the track playing there and its likes; a click gives the second under the pointer', () => {
    const onSeek = vi.fn();
    const { container } = render(
      <HeatStrip buckets={buckets} bucketS={5} durationS={50} tracks={tracks} peak={peak} onSeek={onSeek} />,
    );
    const strip = container.querySelector('[data-heat-strip]') as HTMLElement;
    vi.spyOn(strip, 'getBoundingClientRect').mockReturnValue({ left: 100, width: 500 } as DOMRect);
    fireEvent.mouseMove(strip, { clientX: 100 + 275 }); // 55 % of 50 s = 27.5 s
    expect(screen.getByRole('tooltip').textContent).toBe(
      '0:27 · Deep Cuts — The Drop · 5 likes here, 5 in the track',
    );
    fireEvent.mouseMove(strip, { clientX: 100 + 400 }); // 80 % = 40 s: the same track, a quiet moment
    expect(screen.getByRole('tooltip').textContent).toBe(
      '0:40 · Deep Cuts — The Drop · 0 likes here, 5 in the track',
    );
    fireEvent.click(strip, { clientX: 100 + 50 }); // 10 % = 5 s
    expect(onSeek).toHaveBeenCalledWith(5);
    fireEvent.mouseLeave(strip);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('a set without likes draws no area and no peak, and says so', () => {
    const { container } = render(<HeatStrip buckets={[0, 0, 0]} bucketS={5} durationS={15} peak={null} />);
    expect(container.querySelector('[data-heat-area]')).toBeNull();
    expect(container.querySelector('[data-heat-peak]')).toBeNull();
    screen.getByRole('img', { name: 'Moment likes across the set: none yet' });
  });
});
