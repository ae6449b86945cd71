// docs/accounts.md "Profile and preferences": the exact texts (Sign out everywhere's are ours: the spec has no such item).
export const PROFILE_MESSAGES = {
  updated: 'Profile updated!',
  failed: 'Failed to update profile',
  /** Followed by the chosen timeframe. */
  notificationsUpdated: 'Your notifications were updated to',
  signedOutEverywhere: 'You were signed out on every device.',
  signOutEverywhereFailed: 'Could not sign out everywhere. Please try again.',
} as const;
