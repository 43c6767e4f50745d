// The home page's parts for a phone used as an app (decision 0095): 'Install app' where the browser
// offers it, the Add to Home Screen guide on an iPhone or iPad in Safari (once, until closed), and
// 'On this device': what the device keeps for the user, its size, and whether the browser keeps it
// when space runs low (asked with a button, the answer shown). All need JavaScript: without it the
// page shows none of them, and nothing is kept on the device.
import { useEffect, useState } from 'react'
import { formatFileSize } from '#core/formats.ts'
import { useHydrated } from '../components/use-hydrated.ts'
import { userPhotos } from './device-photos.ts'
import { askAgainToPersist, readPersistence, usePersistence } from './device-storage.ts'
import { userDrafts } from './draft-store.ts'
import { userFormDrafts } from './form-draft-store.ts'
import { dismissGuide, guideDismissed, inIosSafariTab, promptInstall, useInstallOffered } from './install.ts'
import { useWaitingItems } from './outbox-state.ts'
import { OWNER_ENTRY, PAGES_CACHE } from './sw/protocol.ts'

export const HOME_SCREEN_GUIDE_TITLE = 'Add this app to your Home Screen'
export const HOME_SCREEN_GUIDE_TEXT =
  'In Safari, tap the Share button, then ‘Add to Home Screen’, and open the app from there. Opened from the Home Screen, the app keeps what waits to be sent; in a Safari tab, Safari may delete it after seven days without use.'
export const SAFARI_TAB_WARNING = 'In a Safari tab, Safari may delete what waits here after seven days without use of this site. Open the app at least once a week, or add it to your Home Screen.'
export const ON_THIS_DEVICE = '/#on-this-device'

/** 'Install app' where the browser offers it, and the Add to Home Screen guide in Safari on iOS. */
export function InstallApp() {
  const offered = useInstallOffered()
  const hydrated = useHydrated()
  const [guide, setGuide] = useState(false)
  useEffect(() => setGuide(inIosSafariTab() && !guideDismissed()), [])
  if (!hydrated) return null
  return (
    <>
      {offered ? (
        <p className="install-app">
          <button type="button" className="button" onClick={() => void promptInstall()}>
            Install app
          </button>{' '}
          <span>Opens like any other app and keeps your work on this device.</span>
        </p>
      ) : null}
      {guide ? (
        <section className="notice notice-warning home-screen-guide" aria-labelledby="home-screen-guide-title">
          <h2 id="home-screen-guide-title">{HOME_SCREEN_GUIDE_TITLE}</h2>
          <p>{HOME_SCREEN_GUIDE_TEXT}</p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              dismissGuide()
              setGuide(false)
            }}
          >
            Got it
          </button>
        </section>
      ) : null}
    </>
  )
}

interface Kept {
  photos: number
  photoBytes: number
  drafts: number
  pages: number
  usage?: number
  quota?: number
  /** Chromium only: the share of the cached pages and the app's files */
  cacheBytes?: number
}

/** What the device keeps for `userId`, read from its stores. */
async function readKept(userId: number): Promise<Kept> {
  const [photos, formDrafts, sheetDrafts, pages, estimate] = await Promise.all([
    userPhotos(userId).catch(() => []),
    userFormDrafts(userId).catch(() => []),
    userDrafts(userId).catch(() => []),
    cachedPages(),
    navigator.storage?.estimate?.().catch(() => undefined),
  ])
  const details = (estimate as { usageDetails?: { caches?: number } } | undefined)?.usageDetails
  return {
    photos: photos.length,
    photoBytes: photos.reduce((sum, photo) => sum + photo.file.size, 0),
    drafts: formDrafts.length + sheetDrafts.length,
    pages,
    usage: estimate?.usage,
    quota: estimate?.quota,
    cacheBytes: details?.caches,
  }
}

/** The pages the service worker keeps for offline (their data answers and its own entries not counted). */
async function cachedPages(): Promise<number> {
  if (typeof caches === 'undefined' || !(await caches.has(PAGES_CACHE))) return 0
  const keys = await (await caches.open(PAGES_CACHE)).keys()
  return keys.map((request) => new URL(request.url).pathname).filter((path) => path !== OWNER_ENTRY && !path.endsWith('.data') && !path.startsWith('/api/')).length
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

const PERSISTENCE_TEXT = {
  kept: 'Yes: the browser will not clear it to make room.',
  'not-kept': 'No: the browser may clear it when the device runs low on space.',
  unknown: 'This browser cannot say.',
} as const

/** 'On this device': what waits, the photos, drafts and pages kept, their size, and whether the browser keeps them. */
export function OnThisDevice({ userId }: { userId: number }) {
  const hydrated = useHydrated()
  const waiting = useWaitingItems().length
  const persistence = usePersistence()
  const [kept, setKept] = useState<Kept | null>(null)
  const [asked, setAsked] = useState(false)
  const [safariTab, setSafariTab] = useState(false)
  useEffect(() => {
    let current = true
    void readKept(userId).then((read) => current && setKept(read))
    return () => void (current = false)
  }, [userId, waiting])
  useEffect(() => {
    void readPersistence()
    setSafariTab(inIosSafariTab())
  }, [])
  if (!hydrated) return null
  return (
    <section id="on-this-device" className="on-this-device" aria-labelledby="on-this-device-title">
      <h2 id="on-this-device-title">On this device</h2>
      {kept ? (
        <dl>
          <dt>Waiting to send</dt>
          <dd>{count(waiting, 'item')}</dd>
          <dt>Photos</dt>
          <dd>
            {count(kept.photos, 'photo')}
            {kept.photos > 0 ? `, ${formatFileSize(kept.photoBytes)}` : ''}
          </dd>
          <dt>Drafts</dt>
          <dd>{count(kept.drafts, 'draft')}</dd>
          <dt>Pages kept for offline</dt>
          <dd>
            {count(kept.pages, 'page')}
            {kept.cacheBytes !== undefined ? `, ${formatFileSize(kept.cacheBytes)} with the app’s files` : ''}
          </dd>
          {kept.usage !== undefined && kept.quota !== undefined ? (
            <>
              <dt>Storage used</dt>
              <dd>
                {formatFileSize(kept.usage)} of {formatFileSize(kept.quota)} this browser allows
              </dd>
            </>
          ) : null}
          <dt>Kept when space runs low</dt>
          <dd>
            <span role="status">{persistence ? PERSISTENCE_TEXT[persistence] : ''}</span>
            {persistence === 'not-kept' && !asked ? (
              <>
                {' '}
                <button type="button" className="button button-secondary" onClick={() => void askAgainToPersist().then(() => setAsked(true))}>
                  Ask the browser to keep it
                </button>
              </>
            ) : null}
            {persistence === 'not-kept' && asked ? ' The browser said no. Installed as an app, it usually keeps its storage.' : ''}
          </dd>
        </dl>
      ) : null}
      {safariTab ? <p className="notice notice-warning">{SAFARI_TAB_WARNING}</p> : null}
      <p className="on-this-device__hint">When the device is full, pages kept for offline are removed first. What waits to be sent and its photos are never removed by the app.</p>
    </section>
  )
}
