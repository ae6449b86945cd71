// The calls a first screen needs before anything else loads: the health check and the accounts
// (sign-in, tokens, the user). Kept apart from the rest of the table (routes.ts) so the web app's
// sign-in page loads these few, not all of them. Zod-free, like routes.ts.
import type { RouteTable } from './call';

export const accountRoutes = {
  health: {
    check: { method: 'GET', path: '/api/health', auth: 'none' },
  },
  site: {
    info: { method: 'GET', path: '/api/site', auth: 'none' },
  },
  accounts: {
    clientConfig: { method: 'GET', path: '/api/client-config', auth: 'none' },
    me: { method: 'GET', path: '/api/me', auth: 'user' },
    login: { method: 'POST', path: '/api/tokens', auth: 'none' },
    refresh: { method: 'PUT', path: '/api/tokens', auth: 'none' },
    endSession: { method: 'DELETE', path: '/api/tokens', auth: 'user' },
    endEverySession: { method: 'DELETE', path: '/api/me/sessions', auth: 'user' },
    lookupUsername: { method: 'GET', path: '/api/users/un/:username', auth: 'none' },
    byEmail: { method: 'GET', path: '/api/users/:email', auth: 'firebase' },
    create: { method: 'POST', path: '/api/users', auth: 'optional' },
    linkAuthId: { method: 'PUT', path: '/api/users/auth-id', auth: 'firebase' },
    requestReset: { method: 'POST', path: '/api/tokens/reset', auth: 'none' },
    resetPassword: { method: 'PUT', path: '/api/tokens/reset', auth: 'none' },
    notificationPreferences: { method: 'PUT', path: '/api/me/notification-preferences', auth: 'user' },
    updateProfile: { method: 'PUT', path: '/api/me/profile-update', auth: 'user' },
    completeOnboarding: { method: 'POST', path: '/api/me/onboarding', auth: 'user' },
  },
} as const satisfies RouteTable;
