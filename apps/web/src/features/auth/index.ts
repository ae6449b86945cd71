// The auth feature's public entry: what other features may use. Everything else in this folder is
// its own business.
export { AuthProvider, type AuthStatus, type LoadSession, type SessionUser, useAuth } from './auth-context';
