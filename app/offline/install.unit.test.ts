// The app installable (decision 0095): the manifest a browser reads, its icons as it names them,
// and which browsers get the Add to Home Screen guide.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { isIosSafari } from './install.ts'

const root = path.resolve(import.meta.dirname, '../..')
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'public/manifest.webmanifest'), 'utf8')) as {
  name: string
  short_name: string
  start_url: string
  scope: string
  display: string
  theme_color: string
  background_color: string
  icons: { src: string; sizes: string; type: string; purpose: string }[]
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(file: string): string {
  const bytes = fs.readFileSync(file)
  expect(bytes.subarray(1, 4).toString('latin1'), file).toBe('PNG')
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`
}

describe('the web app manifest', () => {
  it('opens the app standalone at home, in the app’s colours, named as its pages are', () => {
    expect(manifest).toMatchObject({ name: 'Keystone Field Operations', start_url: '/', scope: '/', display: 'standalone' })
    // a launcher shows about 12 characters under an icon
    expect(manifest.short_name.length).toBeLessThanOrEqual(12)
    const css = fs.readFileSync(path.join(root, 'app/styles/app.css'), 'utf8')
    expect(manifest.theme_color).toBe(/--c-primary:\s*(#[0-9a-f]{6})/.exec(css)?.[1])
    expect(manifest.background_color).toBe(/--c-bg:\s*(#[0-9a-f]{6})/.exec(css)?.[1])
    // the page's theme-color meta says the same
    expect(fs.readFileSync(path.join(root, 'app/root.tsx'), 'utf8')).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`)
  })

  it('names icons of 192 and 512 px for any use and maskable, each a PNG of the size it claims', () => {
    const named = manifest.icons.map((icon) => `${icon.purpose} ${icon.sizes}`).sort()
    expect(named).toEqual(['any 192x192', 'any 512x512', 'maskable 192x192', 'maskable 512x512'])
    for (const icon of [...manifest.icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' }]) {
      expect(icon.type).toBe('image/png')
      expect(pngSize(path.join(root, 'public', icon.src))).toBe(icon.sizes)
    }
  })
})

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const IPAD_DESKTOP_SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'
const IPHONE_CHROME = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1'
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'

describe('the Add to Home Screen guide is for Safari on an iPhone or iPad', () => {
  it('an iPhone’s Safari, and an iPad’s that asks for the desktop site (a Mac with a touch screen)', () => {
    expect(isIosSafari(IPHONE_SAFARI, 5)).toBe(true)
    expect(isIosSafari(IPAD_DESKTOP_SAFARI, 5)).toBe(true)
  })

  it('not a Mac, Chrome on an iPhone, nor Android (which offers its own install)', () => {
    expect(isIosSafari(IPAD_DESKTOP_SAFARI, 0)).toBe(false)
    expect(isIosSafari(IPHONE_CHROME, 5)).toBe(false)
    expect(isIosSafari(ANDROID_CHROME, 5)).toBe(false)
  })
})
