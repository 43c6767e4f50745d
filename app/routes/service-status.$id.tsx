// /service-status/{id}: the tracker's sheet modal under the tracker's second path.
export { access, default, loader, meta } from './sheet-status.$id.tsx'
