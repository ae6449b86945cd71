import { expect, type Page } from '@playwright/test';

export interface EmulatorAccount {
  email: string;
  displayName: string;
}

/**
 * Signs in through the app's development chooser, which stands in for the provider's popup when
 * the app runs against the Firebase Auth emulator (docs/decisions/0004-social-sign-in-offline.md):
 * clicks the provider button, then either adds a new fake account with the given email and name or
 * picks the account the emulator already lists under that email.
 */
export async function signInWithEmulatorChooser(
  page: Page,
  provider: 'Google' | 'Apple',
  account: EmulatorAccount,
  { existing = false }: { existing?: boolean } = {},
): Promise<void> {
  await page.getByRole('button', { name: `Continue with ${provider}` }).click();
  const chooser = page.getByRole('dialog', { name: `Sign in with ${provider}` });
  await expect(chooser).toBeVisible();
  await expect(chooser.getByText('Development sign-in.')).toBeVisible();
  if (existing) {
    await chooser
      .getByRole('list', { name: `Fake ${provider} accounts` })
      .getByText(account.email)
      .click();
  } else {
    // With accounts listed the form is one click away; with none it opens at once.
    // The button shows disabled while the accounts are being listed, and gives way to the form when
    // there are none: decide once it is enabled (a click on the disabled one waits on a button that goes).
    const add = chooser.getByRole('button', { name: 'Add new account' });
    const addEnabled = add.and(chooser.locator('button:enabled'));
    const form = chooser.getByRole('form', { name: `Add a fake ${provider} account` });
    await expect(addEnabled.or(form)).toBeVisible();
    if (await addEnabled.isVisible()) await add.click();
    await form.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await form.getByRole('textbox', { name: 'Display name (optional)' }).fill(account.displayName);
    await chooser.getByRole('button', { name: `Sign in with ${provider}` }).click();
  }
  await expect(chooser).toBeHidden();
}
