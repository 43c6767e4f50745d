// Whose session a request had, and whose outbox item a send carries (decisions 0047, 0081): the
// header names the server and the browser share. The service worker (app/offline/sw/) reads X-Session-User too.

/** On every page and data answer: the id of the session's user, or 'none'. */
export const SESSION_USER_HEADER = 'X-Session-User'

/**
 * On every send of the device's outbox: the id of the user whose item it is. The server refuses
 * the send when the session is another user's (a stale tab after someone else signed in), with a
 * 401 that names the session's user in SESSION_USER_HEADER.
 */
export const OUTBOX_USER_HEADER = 'X-Outbox-User'
