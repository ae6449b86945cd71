import type { Page } from '@playwright/test';

export interface EmulatorAccount {
  email: string;
  displayName: string;
}

/**
 * Signs in through the Firebase Auth emulator's popup (its fake account chooser): clicks the app's
 * provider button, then either adds a new account with the given email and name or picks the account
 * already listed under that email.
 */
export async function signInWithEmulatorPopup(
  page: Page,
  buttonName: string,
  account: EmulatorAccount,
  { existing = false }: { existing?: boolean } = {},
): Promise<void> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: buttonName }).click();
  const popup = await popupOpened;
  await popup.waitForLoadState('domcontentloaded');
  if (existing) {
    await popup.getByText(account.email).first().click();
  } else {
    await popup.getByText('Add new account').click();
    await popup.locator('#email-input').fill(account.email);
    await popup.locator('#display-name-input').fill(account.displayName);
    await popup.locator('#sign-in').click();
  }
  await popup.waitForEvent('close');
}
