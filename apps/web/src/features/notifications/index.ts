// The notifications feature's public entry: the bell the top bar shows. Everything else in this
// folder is its own business.
export { NotificationBell } from './notification-bell';
