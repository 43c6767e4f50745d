// What the service worker (sw.ts, served as /sw.js) and the pages share: its caches' names, the
// entries the pages write into them, and the messages each side sends. Named here once.

/** The app's code and the offline pages, kept across users (no user data in them). */
export const SHELL_CACHE = 'shell-v2'
/** One user's pages and data answers, with the owner's id beside them (OWNER_ENTRY). */
export const PAGES_CACHE = 'pages-v3'
/** Inside PAGES_CACHE: whose pages they are. */
export const OWNER_ENTRY = '/__offline/owner'
/**
 * Inside SHELL_CACHE: a Log out made with no signal (app/offline/sign-out.ts writes it, with the
 * page's CSRF token): the session still has to be ended on the server. Until it is, no request
 * that carries the session cookie goes out before the sign-out does.
 */
export const SIGN_OUT_ENTRY = '/__offline/sign-out'
/** Inside SHELL_CACHE: home as a visitor sees it (signed out), shown with no signal after such a Log out. */
export const SIGNED_OUT_HOME = '/__offline/signed-out'

/** A page tells its worker. */
export type ToWorker =
  | { type: 'claim' } // take this page, loaded while the worker was still starting
  | { type: 'copy?' } // was this page drawn from a copy on the device?
  | { type: 'precache'; userId: number } // keep the user's assigned sheets and section menus
  | { type: 'signed-out' } // the user's pages go

/** The worker tells its pages. */
export type ToPage =
  | { type: 'owner'; owner: string } // the pages are now this user id's, or 'gone' (signed out)
  | { type: 'copy'; at: string | null } // this page is a copy drawn at `at` (the server's Date), or it is not

/** A message to the worker, typed. */
export function tellWorker(worker: { postMessage(message: unknown): void } | null | undefined, message: ToWorker): void {
  worker?.postMessage(message)
}
