// Row → the contract's User (docs/accounts.md). Only named fields travel: never the password hash.
import { DEFAULT_USER_TYPE, type NotificationTimeframe, type UserType } from '@cratedig/contract/constants';
import type { User } from '@cratedig/contract/user';
import type { UserRow } from './queries';

/**
 * is_firebase_user: the account signs in only through the identity provider (it has no password),
 * so the password login tells its owner to use the provider (docs/accounts.md "Password login" step 2).
 */
export function isFirebaseOnly(row: Pick<UserRow, 'firebaseUid' | 'passwordHash'>): boolean {
  return row.firebaseUid !== null && row.passwordHash === null;
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    about_me: row.aboutMe,
    avatar_url: row.avatarUrl,
    firebase_uid: row.firebaseUid,
    auth_provider: row.authProvider,
    is_firebase_user: isFirebaseOnly(row),
    soundcloud_url: row.soundcloudUrl,
    // The table's check constraint keeps these within the contract's enums.
    user_type: (row.userType.length > 0 ? row.userType : [DEFAULT_USER_TYPE]) as [UserType, ...UserType[]],
    notification_timeframe: row.notificationTimeframe as NotificationTimeframe,
    notification_preferences_enabled: row.notificationPreferencesEnabled,
    completed_onboarding: row.completedOnboarding,
    identifications_accepted: row.identificationsAccepted,
  };
}
