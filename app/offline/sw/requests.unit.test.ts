import { describe, expect, it } from 'vitest'
import { SESSION_USER_HEADER } from '#core/session-user.ts'
import { drawnAt, keepable, ownerOf } from './answers.ts'
import { documentPathOf, handlingOf, offlinePageFor, offlineRouteLookup } from './requests.ts'

const ORIGIN = 'https://app.example'
const handling = (path: string, mode: RequestMode = 'cors', method = 'GET') => handlingOf({ method, mode }, new URL(path, ORIGIN), ORIGIN)

describe('the requests the service worker answers', () => {
  it('answers the app’s code from its cache first', () => {
    expect(handling('/assets/entry.client-AbC123.js', 'no-cors')).toBe('cache-first')
  })

  it('answers pages, their data and the picker’s choices from the network first, keeping a copy', () => {
    expect([handling('/pretreats?tab=scheduled', 'navigate'), handling('/pretreats.data?_routes=routes%2Fpretreats'), handling('/api/choices')]).toEqual([
      'network-first',
      'network-first',
      'network-first',
    ])
  })

  it('answers Remix’s route look-up itself only when there is no signal', () => {
    expect(handling('/__manifest?p=%2Frestarts%2F3')).toBe('own-routes')
  })

  it('passes on what is not a page to keep: the API, sign-in, files, downloads — still hearing whose session answered', () => {
    expect([
      handling('/api/my-sheets'),
      handling('/login', 'navigate'),
      handling('/blobs/7', 'navigate'),
      handling('/pretreats.csv', 'navigate'),
      handling('/pretreats/4?format=pdf', 'navigate'),
    ]).toEqual(['pass-on', 'pass-on', 'pass-on', 'pass-on', 'pass-on'])
  })

  it('leaves posts, other origins, images and scripts outside /assets/ to the browser', () => {
    expect([handling('/pretreats/4', 'navigate', 'POST'), handlingOf({ method: 'GET', mode: 'cors' }, new URL('https://s3.example/x'), ORIGIN), handling('/favicon.svg', 'no-cors')]).toEqual([
      null,
      null,
      null,
    ])
  })

  it('answers a page with no copy with the offline page that speaks of drafts only where drafts are kept', () => {
    const page = (path: string) => offlinePageFor(new URL(path, ORIGIN))
    expect([page('/pretreats/4'), page('/storage-check-form'), page('/service-call'), page('/pretreats'), page('/customers/9')]).toEqual([
      '/offline.html',
      '/offline.html',
      '/offline.html',
      '/offline-page.html',
      '/offline-page.html',
    ])
  })

  it('turns a data request into the page it belongs to, without Remix’s route list', () => {
    expect([documentPathOf(new URL('/pretreats.data?_routes=a%2Cb&tab=scheduled', ORIGIN)), documentPathOf(new URL('/_root.data', ORIGIN))]).toEqual(['/pretreats?tab=scheduled', '/'])
  })

  it('answers the route look-up with no signal for the page’s own address, or reloads a form another record’s copy stands for', () => {
    expect([
      offlineRouteLookup(['/restarts/3'], '/restarts/3'),
      offlineRouteLookup(['/interaction-form/8'], '/customers'),
      offlineRouteLookup(['/restarts/4'], '/restarts/3'),
      offlineRouteLookup([], '/'),
    ]).toEqual(['own', 'reload', null, null])
  })
})

describe('what an answer tells the service worker', () => {
  const answer = (init: ResponseInit & { body?: string } = {}, headers: Record<string, string> = {}) => new Response(init.body ?? 'x', { status: init.status ?? 200, headers })

  it('whose session it was: a user id, or gone (nobody, a 401, a data redirect to sign-in), or nothing said', () => {
    expect([
      ownerOf(answer({}, { [SESSION_USER_HEADER]: '12' })),
      ownerOf(answer({}, { [SESSION_USER_HEADER]: 'none' })),
      ownerOf(answer({ status: 401 })),
      ownerOf(answer({ status: 202 }, { Location: '/login?redirectTo=%2F' })),
      ownerOf(answer({}, { [SESSION_USER_HEADER]: '12; drop' })),
      ownerOf(answer()),
    ]).toEqual(['12', 'gone', 'gone', 'gone', null, null])
  })

  it('keeps a page or its data, never an error, a download or another kind of file', () => {
    // a Response made here has type 'default' and no url: stand in for what the browser's fetch gives
    const fetched = (status: number, headers: Record<string, string>, url = `${ORIGIN}/pretreats`) =>
      Object.defineProperties(new Response('x', { status, headers }), { type: { value: 'basic' }, url: { value: url } })
    expect([
      keepable(fetched(200, { 'content-type': 'text/html; charset=utf-8' })),
      keepable(fetched(200, { 'content-type': 'text/x-script' })),
      keepable(fetched(200, { 'content-type': 'application/json' }, `${ORIGIN}/api/choices`)),
      keepable(fetched(500, { 'content-type': 'text/html' })),
      keepable(fetched(200, { 'content-type': 'text/html', 'content-disposition': 'attachment; filename=a.html' })),
      keepable(fetched(200, { 'content-type': 'application/json' }, `${ORIGIN}/api/my-sheets`)),
    ]).toEqual([true, true, true, false, false, false])
  })

  it('a copy is as of the server’s Date on it, else the moment it is served', () => {
    const now = new Date('2026-12-07T10:00:00Z')
    expect([drawnAt(answer({}, { date: 'Mon, 07 Dec 2026 08:30:00 GMT' }), now), drawnAt(answer(), now)]).toEqual(['Mon, 07 Dec 2026 08:30:00 GMT', 'Mon, 07 Dec 2026 10:00:00 GMT'])
  })
})
