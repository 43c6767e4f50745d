// /storage-check: the spec's second spelling of the storage check form (storage-check-form/).
export { access, action, clientAction, default, ErrorBoundary, handle, loader, meta, shouldRevalidate } from './storage-check-form/route.tsx'
