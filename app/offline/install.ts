// The app as an installed app (decision 0095): the browser's own install prompt kept for an
// 'Install app' button, and on an iPhone or iPad in Safari (which has no prompt) a guide to Add
// to Home Screen. Browser only; without JavaScript none of it shows.
import { useSyncExternalStore } from 'react'

/** Chromium's event (not in the DOM's types): prompt() shows the browser's install dialog once. */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let offered: InstallPromptEvent | null = null
const listeners = new Set<() => void>()
const changed = () => listeners.forEach((listener) => listener())

/**
 * Listens for the browser's offer from the page's first moment (entry.client.tsx, before React
 * takes the page: the event may come before). Kept across the page's navigations; gone once installed.
 */
export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault() // the app's button asks, where the user looks for it
    offered = event as InstallPromptEvent
    changed()
  })
  window.addEventListener('appinstalled', () => {
    offered = null
    changed()
  })
}

/** Whether the browser offers to install the app now (never in the installed app itself). */
export function useInstallOffered(): boolean {
  return useSyncExternalStore(
    (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    () => offered !== null && !isStandalone(),
    () => false,
  )
}

/** Shows the browser's install dialog; the offer is spent whatever the answer (the browser may offer again later). */
export async function promptInstall(): Promise<void> {
  const event = offered
  if (!event) return
  offered = null
  changed()
  await event.prompt()
}

/** Opened as the installed app (Home Screen, app list), not in a browser tab. */
export function isStandalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true
}

/**
 * Safari on an iPhone, iPod or iPad. An iPad asks for the desktop site by default: it says
 * 'Macintosh', and only its touch screen tells it apart. Other browsers on iOS name themselves
 * (CriOS, FxiOS, EdgiOS…): their menus differ, so the guide is Safari's.
 */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /\b(iPhone|iPod|iPad)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1)
  return ios && /\bSafari\//.test(userAgent) && !/\b(CriOS|FxiOS|EdgiOS|OPiOS|OPT|GSA|YaBrowser|DuckDuckGo)\//.test(userAgent)
}

/** In a Safari tab on iOS: there Safari deletes the site's storage after seven days without use. */
export const inIosSafariTab = (): boolean => isIosSafari(navigator.userAgent, navigator.maxTouchPoints) && !isStandalone()

const GUIDE_DISMISSED = 'home-screen-guide-dismissed'

/** Whether the Add to Home Screen guide was closed on this device (remembered in its localStorage). */
export function guideDismissed(): boolean {
  try {
    return localStorage.getItem(GUIDE_DISMISSED) !== null
  } catch {
    return false
  }
}

export function dismissGuide(): void {
  try {
    localStorage.setItem(GUIDE_DISMISSED, new Date().toISOString())
  } catch {
    // private mode with no storage: the guide shows again next time, which does no harm
  }
}
