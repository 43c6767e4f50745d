// A CSV export streamed whole through the route's loader, with the process's memory watched as it
// goes: a list export must stream in constant memory (a million rows never sit in memory at once).
// Measured: the rows and bytes sent, the time, and the resident set size (RSS) before and at its
// peak while streaming. The peak's growth is compared with the file's size: a file built in memory
// would grow the process by about its size, a streamed one by a batch or two.
import type { AppLoadContext, ServerBuild } from '@remix-run/node'

type Loader = NonNullable<ServerBuild['routes'][string]>['module']['loader']

export interface CsvStreamFigures {
  rows: number
  bytes: number
  seconds: number
  rssBefore: number
  rssPeak: number
  heapBefore: number
  heapPeak: number
}

export async function streamCsv(loader: Loader, url: string, cookie: string): Promise<CsvStreamFigures> {
  globalThis.gc?.()
  const rssBefore = process.memoryUsage().rss
  const heapBefore = process.memoryUsage().heapUsed
  let rssPeak = rssBefore
  let heapPeak = heapBefore
  const started = performance.now()
  const context: AppLoadContext = { cspNonce: '', csrfToken: '' }
  const answer = await loader!({ request: new Request(url, { headers: { cookie } }), params: {}, context })
  if (!(answer instanceof Response) || answer.status !== 200 || !answer.body) throw new Error(`the CSV loader answered ${answer instanceof Response ? answer.status : typeof answer}`)
  let bytes = 0
  let newlines = 0
  let chunks = 0
  const reader = answer.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    bytes += value.byteLength
    for (let i = 0; i < value.length; i++) if (value[i] === 10) newlines++
    if (++chunks % 16 === 0) {
      const now = process.memoryUsage()
      rssPeak = Math.max(rssPeak, now.rss)
      heapPeak = Math.max(heapPeak, now.heapUsed)
    }
  }
  const seconds = (performance.now() - started) / 1000
  // the header is one line; every row ends with a line break
  return { rows: newlines - 1, bytes, seconds, rssBefore, rssPeak, heapBefore, heapPeak }
}
