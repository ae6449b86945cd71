// Every JSON call of the API: its method, path and who may make it. Each entry has its schemas under
// the same names in calls/*.ts (the table of calls, calls.ts). Zod-free on purpose: the web app's
// client imports it at run time and its first-load budget has no room for zod.
// How to add a call: docs/decisions/0017-one-table-of-calls.md.
import type { RouteTable } from './call';
import { accountRoutes } from './routes-accounts';

export const routes = {
  ...accountRoutes,
  sets: {
    list: { method: 'GET', path: '/api/sets', auth: 'user' },
    favs: { method: 'GET', path: '/api/sets/favs', auth: 'user' },
    detail: { method: 'GET', path: '/api/sets/:id', auth: 'user' },
    heat: { method: 'GET', path: '/api/sets/:id/heat', auth: 'user' },
    posts: { method: 'GET', path: '/api/sets/:id/posts', auth: 'user' },
    postMarkers: { method: 'GET', path: '/api/sets/:id/posts/markers', auth: 'user' },
  },
  tracks: {
    list: { method: 'GET', path: '/api/tracks', auth: 'user' },
    favs: { method: 'GET', path: '/api/tracks/favs', auth: 'user' },
    detail: { method: 'GET', path: '/api/tracks/:id', auth: 'user' },
    sets: { method: 'GET', path: '/api/tracks/:id/sets', auth: 'user' },
    moments: { method: 'GET', path: '/api/tracks/:id/moments', auth: 'user' },
    posts: { method: 'GET', path: '/api/tracks/:id/posts', auth: 'user' },
    playTarget: { method: 'GET', path: '/api/set_tracks/play/:track_id', auth: 'user' },
  },
  artists: {
    list: { method: 'GET', path: '/api/artists', auth: 'user' },
    followed: { method: 'GET', path: '/api/artists/followed', auth: 'user' },
    detail: { method: 'GET', path: '/api/artists/:id', auth: 'user' },
    sets: { method: 'GET', path: '/api/artists/:id/sets', auth: 'user' },
    tracks: { method: 'GET', path: '/api/artists/:id/tracks', auth: 'user' },
    remixes: { method: 'GET', path: '/api/artists/:id/remixes', auth: 'user' },
    ids: { method: 'GET', path: '/api/artists/:id/ids', auth: 'user' },
    labels: { method: 'GET', path: '/api/artists/:id/labels', auth: 'user' },
    follow: { method: 'PUT', path: '/api/stats/artist/:id/follow', auth: 'user' },
    likesToggle: { method: 'PUT', path: '/api/stats/artist/:id/likes-toggle', auth: 'user' },
  },
  labels: {
    list: { method: 'GET', path: '/api/labels', auth: 'user' },
    followed: { method: 'GET', path: '/api/labels/followed', auth: 'user' },
    detail: { method: 'GET', path: '/api/labels/:id', auth: 'user' },
    sets: { method: 'GET', path: '/api/labels/:id/sets', auth: 'user' },
    tracks: { method: 'GET', path: '/api/labels/:id/tracks', auth: 'user' },
    artists: { method: 'GET', path: '/api/labels/:id/artists', auth: 'user' },
    follow: { method: 'PUT', path: '/api/stats/label/:id/follow', auth: 'user' },
    likesToggle: { method: 'PUT', path: '/api/stats/label/:id/likes-toggle', auth: 'user' },
  },
  festivals: {
    detail: { method: 'GET', path: '/api/festivals/:id', auth: 'user' },
    follow: { method: 'PUT', path: '/api/stats/festival/:id/follow', auth: 'user' },
  },
  venues: {
    detail: { method: 'GET', path: '/api/venues/:id', auth: 'user' },
    follow: { method: 'PUT', path: '/api/stats/venue/:id/follow', auth: 'user' },
  },
  featured: {
    sets: { method: 'GET', path: '/api/featured/sets', auth: 'user' },
    tracks: { method: 'GET', path: '/api/featured/tracks', auth: 'user' },
    artists: { method: 'GET', path: '/api/featured/artists', auth: 'user' },
    labels: { method: 'GET', path: '/api/featured/labels', auth: 'user' },
    festivals: { method: 'GET', path: '/api/featured/festivals', auth: 'user' },
    venues: { method: 'GET', path: '/api/featured/venues', auth: 'user' },
  },
  search: {
    find: { method: 'GET', path: '/api/search', auth: 'user' },
  },
  queue: {
    list: { method: 'GET', path: '/api/queue', auth: 'user' },
    add: { method: 'POST', path: '/api/queue', auth: 'user' },
    update: { method: 'PUT', path: '/api/queue', auth: 'user' },
    remove: { method: 'DELETE', path: '/api/queue/:id', auth: 'user' },
    clear: { method: 'DELETE', path: '/api/queue', auth: 'user' },
    newCurrent: { method: 'PUT', path: '/api/queue/new-current', auth: 'user' },
    next: { method: 'PUT', path: '/api/queue/next', auth: 'user' },
  },
  plays: {
    save: { method: 'PUT', path: '/api/plays', auth: 'user' },
    continue: { method: 'GET', path: '/api/plays/continue', auth: 'user' },
    last: { method: 'GET', path: '/api/plays/last', auth: 'user' },
  },
  likes: {
    moment: { method: 'POST', path: '/api/set-likes', auth: 'user' },
    set: { method: 'PUT', path: '/api/favs/set/:id/likes', auth: 'user' },
    track: { method: 'PUT', path: '/api/favs/track/:trackId/likes', auth: 'user' },
  },
  favs: {
    set: { method: 'PUT', path: '/api/favs/set/:id', auth: 'user' },
    track: { method: 'PUT', path: '/api/favs/track/:id', auth: 'user' },
    setLikesToggle: { method: 'PUT', path: '/api/favs/set/:id/likes-toggle', auth: 'user' },
    trackLikesToggle: { method: 'PUT', path: '/api/favs/track/:id/likes-toggle', auth: 'user' },
    purchase: { method: 'PUT', path: '/api/favs/track/:id/purchase', auth: 'user' },
  },
  users: {
    sets: { method: 'GET', path: '/api/users/:id/sets', auth: 'user' },
    tracks: { method: 'GET', path: '/api/users/:id/tracks', auth: 'user' },
    ids: { method: 'GET', path: '/api/users/:id/ids', auth: 'user' },
    artists: { method: 'GET', path: '/api/users/:id/artists', auth: 'user' },
    labels: { method: 'GET', path: '/api/users/:id/labels', auth: 'user' },
  },
  posts: {
    create: { method: 'POST', path: '/api/posts', auth: 'user' },
    update: { method: 'PUT', path: '/api/posts/:id', auth: 'user' },
    delete: { method: 'DELETE', path: '/api/posts/:id', auth: 'user' },
  },
  notifications: {
    list: { method: 'GET', path: '/api/notifications', auth: 'user' },
    unreadCount: { method: 'GET', path: '/api/notifications/unread-count', auth: 'user' },
    readAll: { method: 'PUT', path: '/api/notifications/read-all', auth: 'user' },
    markRead: { method: 'PUT', path: '/api/notifications/:id', auth: 'user' },
  },
  identifications: {
    list: { method: 'GET', path: '/api/tracks/:id/identifications', auth: 'user' },
    create: { method: 'POST', path: '/api/tracks/:id/identifications', auth: 'user' },
    vote: { method: 'PUT', path: '/api/identifications/:id/vote', auth: 'user' },
    withdraw: { method: 'DELETE', path: '/api/identifications/:id', auth: 'user' },
    ofUser: { method: 'GET', path: '/api/users/:id/identifications', auth: 'user' },
    waiting: { method: 'GET', path: '/api/ids', auth: 'user' },
  },
  contribute: {
    preview: { method: 'POST', path: '/api/sets/:id/tracklist-preview', auth: 'user' },
    submit: { method: 'POST', path: '/api/sets/:id/tracklist-proposals', auth: 'user' },
  },
  fingerprints: {
    heardIn: { method: 'GET', path: '/api/tracks/:id/heard-in', auth: 'user' },
    setSuggestions: { method: 'GET', path: '/api/sets/:id/heard-tracks', auth: 'user' },
    proposeFound: { method: 'POST', path: '/api/sets/:id/heard-tracks/proposals', auth: 'user' },
    status: { method: 'GET', path: '/api/fingerprints/status', auth: 'user' },
  },
  live: {
    ticket: { method: 'POST', path: '/api/events/ticket', auth: 'user' },
  },
  publish: {
    list: { method: 'GET', path: '/api/publish/sets', auth: 'user' },
    detail: { method: 'GET', path: '/api/publish/sets/:id', auth: 'user' },
    details: { method: 'PUT', path: '/api/publish/sets/:id/details', auth: 'user' },
    preview: { method: 'POST', path: '/api/publish/sets/:id/tracklist-preview', auth: 'user' },
    publish: { method: 'POST', path: '/api/publish/sets/:id/publish', auth: 'user' },
    unpublish: { method: 'POST', path: '/api/publish/sets/:id/unpublish', auth: 'user' },
    remove: { method: 'DELETE', path: '/api/publish/sets/:id', auth: 'user' },
    recognised: { method: 'GET', path: '/api/publish/sets/:id/recognised', auth: 'user' },
    accept: { method: 'POST', path: '/api/publish/sets/:id/recognised', auth: 'user' },
  },
} as const satisfies RouteTable;

export type Routes = typeof routes;
