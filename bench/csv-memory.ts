// A CSV export streamed whole through the route's loader, with the process's memory watched as it
// goes: a list export must stream in constant memory (a million rows never sit in memory at once).
// Measured: the rows and bytes sent, the time, and the live heap (after a full garbage collection)
// before and at its highest while streaming, with the resident set size (RSS) beside it. The live
// heap's growth is compared with the file's size: a file built in memory would grow it by about its
// size, a streamed one by a batch or two. (Without the collections the heap's figure is mostly
// garbage V8 has not collected yet, and says nothing about what the export keeps.)
import v8 from 'node:v8'
import vm from 'node:vm'
import type { AppLoadContext, ServerBuild } from '@remix-run/node'

/** A full collection on demand, without starting node with --expose-gc. */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc')
  return vm.runInNewContext('gc') as () => void
}

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
  const gc = collector()
  gc()
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
    // a batch of rows is a chunk: about a hundred samples over a million rows
    if (++chunks % 10 === 0) {
      gc()
      const now = process.memoryUsage()
      rssPeak = Math.max(rssPeak, now.rss)
      heapPeak = Math.max(heapPeak, now.heapUsed)
    }
  }
  const seconds = (performance.now() - started) / 1000
  // the header is one line; every row ends with a line break
  return { rows: newlines - 1, bytes, seconds, rssBefore, rssPeak, heapBefore, heapPeak }
}
