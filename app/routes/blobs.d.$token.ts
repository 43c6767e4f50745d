import type { LoaderFunctionArgs } from '@remix-run/node'
import { serveDownload } from '#storage/blob-http.server.ts'

// A signed, expiring download URL of the filesystem driver: the token is the permission.
export const loader = ({ request, params }: LoaderFunctionArgs) => serveDownload(request, params.token ?? '')
