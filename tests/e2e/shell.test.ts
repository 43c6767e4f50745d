import { describe, expect, it } from 'vitest'
import packageJson from '../../package.json' with { type: 'json' }
import { useBrowserSuite } from '../support/browser-suite.ts'
import { HOME_SCREEN_GUIDE_TEXT, HOME_SCREEN_GUIDE_TITLE, SAFARI_TAB_WARNING } from '#app/offline/on-this-device.tsx'
import { newContext, shot, signIn } from '../support/browser.ts'

const suite = useBrowserSuite()

describe('the shell', () => {
  it('on a phone: middle breadcrumbs fold into ..., the side menu has the main items, the name, tasks and logout', async () => {
    await suite.app.db
      .insertInto('alert_counts')
      .values({ type: 'level_1_reviews', count: 3 })
      .onConflict((oc) => oc.column('type').doUpdateSet({ count: 3 }))
      .execute()
    const page = await (await newContext(suite.browser, suite.app.url, { width: 375, javaScriptEnabled: false })).newPage()
    await signIn(page, 'reviewer1', '/view-calls')
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
    expect(await crumbs.getByText('...').isVisible()).toBe(true)
    expect(await crumbs.getByRole('link', { name: 'Service' }).isVisible()).toBe(false)
    expect(await crumbs.getByRole('link', { name: 'Home' }).isVisible()).toBe(true)

    await page.getByLabel('Menu').click()
    const menu = page.getByRole('navigation', { name: 'Main' })
    expect(await menu.getByRole('link', { name: 'Service' }).isVisible()).toBe(true)
    expect(await menu.innerText()).toContain('3 tasks')
    const user = await suite.app.db.selectFrom('users').select(['first_name', 'last_name']).where('username', '=', 'reviewer1').executeTakeFirstOrThrow()
    expect(await menu.getByText(`${user.first_name} ${user.last_name}`, { exact: true }).isVisible()).toBe(true)
    await menu.getByRole('button', { name: 'Log out' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByText('Please log in to see the forms.').waitFor()
  })

  it('on a desktop: all breadcrumbs show, the bell lists the alerts the user may see, and closes on the page it leads to', async () => {
    await suite.app.db
      .insertInto('alert_counts')
      .values({ type: 'level_2_reviews', count: 5 })
      .onConflict((oc) => oc.column('type').doUpdateSet({ count: 5 }))
      .execute()
    const page = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(page, 'reviewer1', '/view-calls')
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Service' }).isVisible()).toBe(true)
    await page.getByLabel('Alerts: 3').click()
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual([expect.stringContaining('Level 1 reviews waiting')])
    await page.getByRole('menuitem').click()
    await page.waitForURL((url) => url.pathname !== '/view-calls')
    await expect.poll(() => page.getByRole('menuitem').isVisible()).toBe(false)
  })

  it('names a big count as its badge shows it, and the badge is readable (WCAG AA contrast)', async () => {
    await suite.app.db
      .insertInto('alert_counts')
      .values({ type: 'level_3_reviews', count: 13338 })
      .onConflict((oc) => oc.column('type').doUpdateSet({ count: 13338 }))
      .execute()
    const page = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false })).newPage()
    await signIn(page, 'reviewer3')
    const bell = page.getByLabel('Alerts: 99+')
    expect(await bell.locator('.badge').innerText()).toBe('99+')
    const [text, background] = await bell.locator('.badge').evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor])
    expect(contrast(text!, background!)).toBeGreaterThanOrEqual(4.5)
  })

  it('with JavaScript, the bell asks for new counts every 5 minutes', async () => {
    const context = await newContext(suite.browser, suite.app.url)
    const page = await context.newPage()
    await signIn(page, 'reviewer1')
    await page.clock.install()
    await page.goto('/service')
    const before = Number((await page.getByLabel(/^Alerts: \d+$/).getAttribute('aria-label'))!.split(': ')[1])
    await suite.app.db
      .updateTable('alert_counts')
      .set({ count: before + 4 })
      .where('type', '=', 'level_1_reviews')
      .execute()
    await page.clock.runFor(299_000)
    expect(await page.getByLabel(`Alerts: ${before}`).count()).toBe(1)
    await page.clock.runFor(2_000)
    await page.getByLabel(`Alerts: ${before + 4}`).waitFor()
  })

  it('shows a superuser the version after 500 ms on the logo, and nobody else', async () => {
    const page = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(page, 'admin')
    const tooltip = page.getByRole('tooltip', { includeHidden: true })
    expect(await tooltip.textContent()).toBe(`Version ${packageJson.version}`)
    expect(await tooltip.isVisible()).toBe(false)

    // The delay is a CSS transition, which runs on the page's animation clock: hold it as soon as
    // it starts, then step that clock by hand (no sleeping, so a slow machine cannot change it).
    await tooltip.evaluate((el) => {
      ;(window as unknown as { held: Promise<void> }).held = new Promise((resolve) =>
        el.addEventListener('transitionrun', () => resolve(el.getAnimations().forEach((animation) => animation.pause())), { once: true }),
      )
    })
    await page.getByRole('link', { name: /home$/ }).hover()
    await page.evaluate(() => (window as unknown as { held: Promise<void> }).held)
    const shownAt = async (ms: number) => {
      await tooltip.evaluate((el, at) => el.getAnimations().forEach((animation) => (animation.currentTime = at)), ms)
      return tooltip.isVisible()
    }
    expect(await shownAt(0)).toBe(false)
    expect(await shownAt(499)).toBe(false)
    expect(await shownAt(500)).toBe(true)

    const tech = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(tech, 'tech')
    expect(await tech.getByRole('tooltip', { includeHidden: true }).count()).toBe(0)
  })

  it('sends the security headers', async () => {
    const response = await fetch(`${suite.app.url}/login`)
    expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/)
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-/)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('set-cookie')).toMatch(/^csrf=.+; Path=\/; SameSite=Lax; HttpOnly/)
  })

  it('answers 404 for unknown ids and unknown pages, and 403 for a section with no cards', async () => {
    const page = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(page, 'tech')
    expect((await page.goto('/view-calls/99999999'))?.status()).toBe(404)
    expect((await page.goto('/view-calls/not-a-number'))?.status()).toBe(404)
    expect((await page.goto('/no-such-page'))?.status()).toBe(404)
    expect((await page.goto('/manage'))?.status()).toBe(403) // neither staff nor holding an admin permission
    const office = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(office, 'office') // the drive, but nothing of Service
    expect((await office.goto('/service'))?.status()).toBe(403)
  })

  it('ignores unknown sort and filter columns and shows the last page for a page past it', async () => {
    const page = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(page, 'tech')
    const response = await page.goto('/view-calls?sort_by=password_hash&filter_by=users.password_hash&filter_value=x&current_page=99999')
    expect(response?.status()).toBe(200)
    const current = page.getByRole('navigation', { name: 'Pages' }).locator('[aria-current="page"]')
    const total = await suite.app.db
      .selectFrom('call_ins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(await current.innerText()).toContain(String(Math.ceil(total.n / 10)))
    expect(await page.getByRole('table').getByRole('row').count()).toBeGreaterThan(1)
  })
})

describe('the phone as an app (issue 40; decision 0095)', () => {
  const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

  it('in Safari on an iPhone: the Add to Home Screen guide once, until closed; what the device keeps, and the warning of a Safari tab', async () => {
    const page = await (await newContext(suite.browser, suite.app.url, { width: 375, userAgent: IPHONE_SAFARI })).newPage()
    await signIn(page, 'tech')
    const guide = page.getByRole('region', { name: HOME_SCREEN_GUIDE_TITLE })
    await guide.getByText(HOME_SCREEN_GUIDE_TEXT).waitFor()
    const device = page.getByRole('region', { name: 'On this device' })
    await device.getByText(SAFARI_TAB_WARNING).waitFor()
    expect(await device.getByRole('definition').allInnerTexts()).toEqual(expect.arrayContaining(['0 items', '0 photos']))
    await shot(page, 'home-iphone-safari-375')
    await guide.getByRole('button', { name: 'Got it' }).click()
    await guide.waitFor({ state: 'detached' })
    await page.reload()
    await device.getByText(SAFARI_TAB_WARNING).waitFor()
    expect(await guide.count()).toBe(0)
    // in Chromium no guide, but Install app once the browser offers it, which shows the browser's dialog
    const chromium = await (await newContext(suite.browser, suite.app.url)).newPage()
    await signIn(chromium, 'tech')
    await chromium.getByRole('region', { name: 'On this device' }).waitFor()
    expect(await chromium.getByText(HOME_SCREEN_GUIDE_TITLE).count()).toBe(0)
    await chromium.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: async () => void ((window as unknown as { prompted: boolean }).prompted = true) })
      window.dispatchEvent(offer)
    })
    await shot(chromium, 'home-chromium-1280')
    await chromium.getByRole('button', { name: 'Install app' }).click()
    expect(await chromium.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true)
    await chromium.getByRole('button', { name: 'Install app' }).waitFor({ state: 'detached' })
    const noScript = await (await newContext(suite.browser, suite.app.url, { javaScriptEnabled: false, userAgent: IPHONE_SAFARI })).newPage()
    await signIn(noScript, 'tech')
    await noScript.getByRole('heading', { name: /^Welcome, / }).waitFor()
    expect(await noScript.getByText(HOME_SCREEN_GUIDE_TITLE).count()).toBe(0)
    expect(await noScript.getByText('On this device').count()).toBe(0)
  })
})

/** WCAG contrast ratio of two computed colours ('rgb(r, g, b)'). */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = color
      .match(/\d+/g)!
      .slice(0, 3)
      .map((v) => {
        const c = Number(v) / 255
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      })
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!
  }
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light! + 0.05) / (dark! + 0.05)
}
