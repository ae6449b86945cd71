// The new-password rule in the forms (registration, reset), said before anything is sent: the API holds
// the same rule (packages/contract account-rules.ts). The list of common passwords is about 45 KB
// gzipped, so it is loaded on demand (when the password field is first used), never with the page.
import { passwordProblem } from '@cratedig/contract/account-rules';

let loading: Promise<(password: string) => boolean> | undefined;

/** Starts loading the common-password list (once); resolves to its check. */
export function loadCommonPasswords(): Promise<(password: string) => boolean> {
  loading ??= import('@cratedig/contract/common-passwords').then((list) => list.isCommonPassword);
  return loading;
}

/** What is wrong with a new password right now, without the list (length, the username). */
export function quickPasswordProblem(password: string, username?: string): string | undefined {
  return passwordProblem(password, { isCommon: () => false, username });
}

/** What is wrong with a new password, the list of common passwords included. */
export async function newPasswordProblem(password: string, username?: string): Promise<string | undefined> {
  const quick = quickPasswordProblem(password, username);
  if (quick) return quick;
  try {
    return passwordProblem(password, { isCommon: await loadCommonPasswords(), username });
  } catch (failure) {
    // The list could not load (offline, a new deploy): the API still checks it on submit.
    console.error('loading the common-password list failed', failure);
    loading = undefined;
    return undefined;
  }
}
