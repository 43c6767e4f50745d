// The photo settings (PHOTO_MAX_EDGE, PHOTO_QUALITY, PHOTO_KEEP_ORIGINAL; decision 0096) as a page
// with a photo field has them: its loader returns `photoSettings: photoSettings()` (core/config.server.ts),
// and the field reads them from whichever route's data carries them.
import { useMatches } from '@remix-run/react'
import { DEFAULT_PHOTO_SETTINGS, type PhotoSettings } from '#core/photos.ts'

export function usePhotoSettings(): PhotoSettings {
  const matches = useMatches()
  for (const match of matches) {
    const settings = (match.data as { photoSettings?: PhotoSettings } | null | undefined)?.photoSettings
    if (settings) return settings
  }
  return DEFAULT_PHOTO_SETTINGS
}
