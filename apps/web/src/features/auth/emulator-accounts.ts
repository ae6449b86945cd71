/**
 * The fake accounts of the Firebase Auth emulator, for the in-app development sign-in
 * (docs/decisions/0004-social-sign-in-offline.md). No Firebase SDK here: the chooser lists accounts
 * before the SDK is needed, and nothing in this file runs against a real Firebase project.
 */
export type SocialProvider = 'google' | 'apple';

/** What the provider would tell Firebase about a person: its stable subject id, email and name. */
export interface EmulatorAccount {
  sub: string;
  email: string;
  displayName: string;
}

export const PROVIDER_IDS: Record<SocialProvider, string> = { google: 'google.com', apple: 'apple.com' };

export const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', apple: 'Apple' };

interface EmulatorUserInfo {
  providerUserInfo?: { providerId?: string; rawId?: string; email?: string; displayName?: string }[];
  email?: string;
  displayName?: string;
}

/**
 * The accounts that already signed in with `provider` on this emulator, as the emulator's own chooser
 * lists them. `Bearer owner` is the emulator's admin credential (it only exists there). Reusing an
 * account's rawId as `sub` signs in as the same Firebase user. An unreachable emulator lists nothing.
 */
export async function listEmulatorAccounts(
  emulatorUrl: string,
  projectId: string,
  provider: SocialProvider,
): Promise<EmulatorAccount[]> {
  const url = `${emulatorUrl}/identitytoolkit.googleapis.com/v1/projects/${encodeURIComponent(projectId)}/accounts:query`;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({ returnUserInfo: true }),
    });
    if (!response.ok) return [];
    const { userInfo = [] } = (await response.json()) as { userInfo?: EmulatorUserInfo[] };
    const accounts: EmulatorAccount[] = [];
    for (const user of userInfo) {
      const linked = user.providerUserInfo?.find((info) => info.providerId === PROVIDER_IDS[provider]);
      const email = linked?.email ?? user.email;
      if (!linked?.rawId || !email) continue;
      accounts.push({ sub: linked.rawId, email, displayName: linked.displayName ?? user.displayName ?? '' });
    }
    return accounts.sort((a, b) => a.email.localeCompare(b.email));
  } catch {
    return [];
  }
}

/**
 * A new fake account: a random subject id, as the emulator's own chooser makes one. An email that
 * already has an account keeps that account's id, so "adding" it again signs in as the same person.
 */
export function newEmulatorAccount(
  email: string,
  displayName: string,
  existing: readonly EmulatorAccount[],
): EmulatorAccount {
  const normalised = email.trim().toLowerCase();
  const known = existing.find((account) => account.email.toLowerCase() === normalised);
  const sub = known?.sub ?? String(Math.floor(Math.random() * 1e15)).padStart(15, '0');
  return { sub, email: email.trim(), displayName: displayName.trim() };
}
