// spec §8 "Profile": the exact texts.
export const PROFILE_MESSAGES = {
  updated: 'Profile updated!',
  failed: 'Failed to update profile',
  /** Followed by the chosen timeframe. */
  notificationsUpdated: 'Your notifications were updated to',
} as const;
