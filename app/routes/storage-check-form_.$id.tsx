// /storage-check-form/{id}: the storage check form locked to the company {id} (storage-check-form/).
export { access, action, clientAction, default, ErrorBoundary, handle, loader, meta, shouldRevalidate } from './storage-check-form/route.tsx'
