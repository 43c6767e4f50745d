import type { Config } from '#core/config.server.ts'

/**
 * The origins the browser sends uploads to besides the app: with the S3 driver, parts are PUT
 * straight to presigned S3 URLs, so the Content-Security-Policy must allow that host.
 */
export function s3ConnectOrigins(settings: Config): string[] {
  if (settings.STORAGE_DRIVER !== 's3') return []
  if (settings.S3_ENDPOINT) {
    const endpoint = new URL(settings.S3_ENDPOINT)
    if (settings.S3_FORCE_PATH_STYLE || !settings.S3_BUCKET) return [endpoint.origin]
    return [endpoint.origin, `${endpoint.protocol}//${settings.S3_BUCKET}.${endpoint.host}`]
  }
  return [`https://${settings.S3_BUCKET}.s3.${settings.S3_REGION}.amazonaws.com`, `https://s3.${settings.S3_REGION}.amazonaws.com`]
}
