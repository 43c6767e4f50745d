/** The address of a stored image in a page: the route that checks who is asking (app/routes/images.$id.ts). */
export const imageUrl = (blobId: string) => `/images/${encodeURIComponent(blobId)}`
