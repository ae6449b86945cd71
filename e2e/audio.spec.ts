import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

// The catalogue API (and signed audio links) come with later issues; here we prove that a seeded
// set's MP3 streams from /media into a real <audio> element and plays.
function firstSeededSetAudio(): string {
  const mediaDir = process.env.E2E_MEDIA_DIR;
  if (!mediaDir) throw new Error('E2E_MEDIA_DIR is set by playwright.config.ts');
  const folder = join(mediaDir, 'audio', 'sets');
  const file = readdirSync(folder)
    .filter((name) => name.endsWith('.mp3'))
    .sort()[0];
  if (!file) throw new Error(`no seeded set audio in ${folder}`);
  return `/media/audio/sets/${file}`;
}

test('a seeded set plays from /media and its time advances', async ({ page }) => {
  const src = firstSeededSetAudio();
  await page.goto('/about');
  const result = await page.evaluate(async (audioSrc) => {
    const audio = new Audio(audioSrc);
    audio.preload = 'auto';
    await new Promise<void>((resolve, reject) => {
      audio.addEventListener('loadedmetadata', () => resolve(), { once: true });
      audio.addEventListener('error', () => reject(new Error(`audio error ${audio.error?.code}`)), { once: true });
    });
    await audio.play();
    const start = audio.currentTime;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Seek far into the set (Range requests) and keep playing.
    audio.currentTime = audio.duration * 0.8;
    await new Promise<void>((resolve) => audio.addEventListener('seeked', () => resolve(), { once: true }));
    const afterSeek = audio.currentTime;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return { start, duration: audio.duration, played: audio.currentTime, afterSeek, paused: audio.paused };
  }, src);
  expect(result.duration).toBeGreaterThan(10 * 60);
  expect(result.paused).toBe(false);
  expect(result.afterSeek).toBeGreaterThan(result.duration * 0.75);
  expect(result.played).toBeGreaterThan(result.afterSeek);
});
