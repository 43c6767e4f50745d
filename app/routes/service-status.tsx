// /service-status: the spec's second path for the Service Sheet Tracker (same screen as /sheet-status).
export { access, default, handle, loader, meta } from './sheet-status.tsx'
