import { expect, test } from '@playwright/test';

test.describe('a visitor who is not signed in', () => {
  test('opening the site lands on the sign-in page with the promo panel', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/new talent/i).first()).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/login-1280.png', fullPage: true });
  });

  test('a protected page sends the visitor to sign in', async ({ page }) => {
    await page.goto('/sets?genre=Techno#top');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the About page is open and says the beta is free', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/beta/i).first()).toBeVisible();
  });

  test('the sign-in page works on a phone-sized screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'test-results/screens/login-390.png', fullPage: true });
  });
});
