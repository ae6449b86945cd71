import { expect, test } from '@playwright/test';
import { newAccount, register, signInByApi } from './support/session';

// Set audio is reached only through a link signed for the user (docs/player.md): sign in, take a
// seeded set's mp3_permalink from GET /api/sets/{id}, and play it in a real <audio> element.
test('a plain /media audio path is refused; a signed link plays, seeks by Range and advances', async ({
  page,
  request,
}) => {
  const account = newAccount('audio');
  await register(request, account);
  const { access_token } = await signInByApi(request, account);
  const headers = { authorization: `Bearer ${access_token}` };
  const list = await request.get('/api/sets?limit=1', { headers });
  expect(list.ok()).toBe(true);
  const first = (await list.json()).data[0] as { id: number };
  const detail = await request.get(`/api/sets/${first.id}`, { headers });
  const src = (await detail.json()).mp3_permalink as string;
  expect(src).toMatch(/^\/media\/audio\/sets\/.+\.mp3\?u=\d+&exp=\d+&sig=/);
  expect((await request.get(src.split('?')[0] ?? '')).status()).toBe(403);

  await page.goto('/about');
  const result = await page.evaluate(async (audioSrc) => {
    const audio = new Audio(audioSrc);
    audio.preload = 'auto';
    await new Promise<void>((resolve, reject) => {
      audio.addEventListener('loadedmetadata', () => resolve(), { once: true });
      audio.addEventListener('error', () => reject(new Error(`audio error ${audio.error?.code}`)), {
        once: true,
      });
    });
    // Playing is the position moving on: wait for the element to say it passed a point.
    const passes = (seconds: number) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (audio.currentTime <= seconds) return;
          audio.removeEventListener('timeupdate', check);
          resolve();
        };
        audio.addEventListener('timeupdate', check);
      });
    await audio.play();
    const start = audio.currentTime;
    await passes(start + 0.5);
    // Seek far into the set (Range requests) and keep playing.
    audio.currentTime = audio.duration * 0.8;
    await new Promise<void>((resolve) => audio.addEventListener('seeked', () => resolve(), { once: true }));
    const afterSeek = audio.currentTime;
    await passes(afterSeek + 0.5);
    return { start, duration: audio.duration, played: audio.currentTime, afterSeek, paused: audio.paused };
  }, src);
  expect(result.duration).toBeGreaterThan(10 * 60);
  expect(result.paused).toBe(false);
  expect(result.afterSeek).toBeGreaterThan(result.duration * 0.75);
  expect(result.played).toBeGreaterThan(result.afterSeek);
});
