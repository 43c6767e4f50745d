// Draws the app's icons (public/icons/*.png, committed) from its logo, the sprout of
// public/favicon.svg, with Chromium: `npx tsx bin/make-icons.ts` after the logo changes.
// - icon-*.png ('any'): the green sprout on a white rounded square.
// - maskable-*.png: full bleed in the theme colour, the sprout inside the middle 60 % (a
//   launcher's mask keeps at least the middle 80 %).
// - apple-touch-icon.png: full bleed white (iOS rounds the corners itself).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { launchBrowser } from '../tests/support/browser.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const THEME = '#2f6b3a'
const SPROUT = /<path d="([^"]+)"/.exec(fs.readFileSync(path.join(root, 'public', 'favicon.svg'), 'utf8'))![1]!

/** The sprout (a 24-unit drawing) scaled to `share` of a `size` square, on `background` with `radius`. */
function svg(size: number, { background, stroke, share, radius }: { background: string; stroke: string; share: number; radius: number }): string {
  const scale = (size * share) / 24
  const offset = (size - size * share) / 2
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<rect width="${size}" height="${size}" rx="${size * radius}" fill="${background}"/>
<g transform="translate(${offset} ${offset}) scale(${scale})" fill="none" stroke="${stroke}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="${SPROUT}"/></g></svg>`
}

const ICONS = [
  { file: 'icon-192.png', size: 192, background: '#ffffff', stroke: THEME, share: 0.8, radius: 0.18 },
  { file: 'icon-512.png', size: 512, background: '#ffffff', stroke: THEME, share: 0.8, radius: 0.18 },
  { file: 'maskable-192.png', size: 192, background: THEME, stroke: '#ffffff', share: 0.6, radius: 0 },
  { file: 'maskable-512.png', size: 512, background: THEME, stroke: '#ffffff', share: 0.6, radius: 0 },
  { file: 'apple-touch-icon.png', size: 180, background: '#ffffff', stroke: THEME, share: 0.75, radius: 0 },
]

const browser = await launchBrowser()
try {
  const page = await browser.newPage()
  fs.mkdirSync(path.join(root, 'public', 'icons'), { recursive: true })
  for (const { file, size, ...look } of ICONS) {
    await page.setViewportSize({ width: size, height: size })
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${svg(size, look)}`)
    await page.screenshot({ path: path.join(root, 'public', 'icons', file), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } })
  }
} finally {
  await browser.close()
}
