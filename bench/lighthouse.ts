// Lighthouse figures of `npm run bench`: Lighthouse 12's default run (mobile, simulated throttling)
// in Debian's Chromium with the tests' flags, performance and accessibility only, best of `runs`.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/support/browser.ts'

export interface Scores {
  performance: number
  accessibility: number
  /** the metrics of the best run, for reading a low score */
  metrics: string
  /** the largest savings Lighthouse suggests, in its words */
  advice: string[]
}

/** Percent, as Lighthouse shows it. */
const percent = (score: number | null | undefined) => Math.round((score ?? 0) * 100)

/** Runs Lighthouse `runs` times on `url` (a fresh Chromium each) and keeps the best performance run. */
export async function lighthouseScores(url: string, options: { cookie?: string; runs: number }): Promise<Scores> {
  let best: Scores | undefined
  // a run Lighthouse itself could not trace (NO_NAVSTART, NO_FCP: a busy machine) is run again, once
  let retries = 1
  for (let i = 0; i < options.runs; i++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' })
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility'],
        ...(options.cookie ? { extraHeaders: { Cookie: options.cookie } } : {}),
      })
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
      const lhr = result.lhr
      if (lhr.runtimeError && retries > 0) {
        retries--
        i--
        continue
      }
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`)
      const finalUrl = lhr.finalDisplayedUrl
      if (new URL(finalUrl).pathname !== new URL(url).pathname) throw new Error(`${url} ended at ${finalUrl} (a redirect: is the user signed in and allowed?)`)
      // a 403 or 404 page would be measured as if it were the screen
      const status = (lhr.audits['network-requests']?.details as { items?: { url: string; statusCode: number }[] } | undefined)?.items?.find((r) => r.url === finalUrl)?.statusCode
      if (status !== undefined && status !== 200) throw new Error(`${url} answered ${status} (is the user allowed, does the record exist?)`)
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?'
      const scores: Scores = {
        performance: percent(lhr.categories.performance?.score),
        accessibility: percent(lhr.categories.accessibility?.score),
        metrics: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
        // what costs points: weighted audits that did not pass, and the opportunities Lighthouse sees
        advice: Object.values(lhr.categories)
          .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0 || ref.group === 'diagnostics' || lhr.audits[ref.id]?.details?.type === 'opportunity'))
          .map((ref) => lhr.audits[ref.id]!)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
          .map((a) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`),
      }
      if (!best || scores.performance > best.performance) best = scores
    } finally {
      chrome.kill()
    }
  }
  return best!
}
