import { expect, type Page, test } from '@playwright/test';
import { newAccount, register, signInByApi } from './support/session';

// How long a phone's main thread is blocked while a signed-in page starts: Home, a set page and
// /tracks at 390 px with the CPU slowed 4× (Chromium's DevTools protocol), as Lighthouse's mobile
// profile does. The figure is Lighthouse's Total Blocking Time over the page's first 10 s: the sum of
// each long task's time past 50 ms (PerformanceObserver 'longtask').
//
// It runs last, after the journeys and after the fingerprint job has heard the whole demo (the
// 'listening' project of playwright.config.ts): the machine is as quiet as a test run gets.
// Why the budget holds on a busy 2-core CI machine: other processes only ever make a load slower
// (a long task takes longer when the renderer is descheduled), so the least of LOADS loads is the
// figure closest to the page's own work; the budget sits well above what these pages block on a quiet
// machine (a few hundred ms) and far below a first screen that is rendered twice over (1.8–2.8 s on
// Home and a set page, 1.2–1.7 s on /tracks, the least of two loads each at a load average of 3).
const BUDGET_MS = 900;
const LOADS = 3;
const WINDOW_MS = 10_000;

test.use({ viewport: { width: 390, height: 844 } });
// Three throttled loads of 10 s each per page.
test.describe.configure({ timeout: 120_000 });

let tokens: { access_token: string; refresh_token: string };
test.beforeAll(async ({ request }) => {
  const account = newAccount('budget');
  await register(request, account);
  tokens = await signInByApi(request, account);
  // The onboarding modal has its own journeys; here Home shows its rows.
  const done = await request.post('/api/me/onboarding', {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  expect(done.ok()).toBe(true);
});

/** Long-task time past 50 ms in the first WINDOW_MS of one load of `path`, CPU slowed 4×. */
async function blockingTime(page: Page, path: string): Promise<number> {
  await page.addInitScript(
    ([access, refresh, expiry]) => {
      window.localStorage.setItem('accessToken', access);
      window.localStorage.setItem('refreshToken', refresh);
      window.localStorage.setItem('tokenExpiry', expiry);
      const tasks: { start: number; duration: number }[] = [];
      (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    },
    [tokens.access_token, tokens.refresh_token, String(Date.now() + 60 * 60 * 1000)] as const,
  );
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(path);
  // The window is the measure itself (Lighthouse's figure covers the load), not a wait for the page.
  await page.waitForTimeout(WINDOW_MS);
  return page.evaluate(
    (windowMs) =>
      (window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks
        .filter((task) => task.start < windowMs)
        .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
    WINDOW_MS,
  );
}

for (const path of ['/home', '/sets/1', '/tracks']) {
  test(`${path} blocks a slowed phone's main thread for at most ${BUDGET_MS} ms as it starts`, async ({
    browser,
    baseURL,
  }) => {
    const figures: number[] = [];
    for (let load = 0; load < LOADS; load += 1) {
      // A fresh context each time: a first visit, nothing cached from the load before.
      const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const figure = Math.round(await blockingTime(page, path));
      await context.close();
      figures.push(figure);
      // Once one load is within the budget the page is; the others only guard against a busy machine.
      if (figure <= BUDGET_MS) break;
    }
    test.info().annotations.push({ type: 'blocking ms per load', description: figures.join(', ') });
    expect(Math.min(...figures), `blocking time of each load: ${figures.join(', ')} ms`).toBeLessThanOrEqual(
      BUDGET_MS,
    );
  });
}
