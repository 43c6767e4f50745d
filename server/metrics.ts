// /metrics in the Prometheus text format, on a port of its own (METRICS_PORT), bound to
// METRICS_HOST (127.0.0.1 by default: a private address) and, with METRICS_TOKEN, asking for it as
// a bearer token. `npm start`'s primary answers for the whole machine: its own figures (jobs,
// queues) and its HTTP processes' (requests, pools), asked over their IPC channel and added up by
// prom-client's aggregator (counts and histograms summed). `npm run worker` answers for itself.
import cluster from 'node:cluster'
import { randomUUID, timingSafeEqual } from 'node:crypto'
import http from 'node:http'
import type { MetricObjectWithValues, MetricValue } from 'prom-client'
import { AggregatorRegistry, metricsRegistry } from '#core/metrics.server.ts'

const ASK = 'field-ops:metrics?'
const ANSWER = 'field-ops:metrics!'
const ANSWER_WITHIN_MS = 5_000

type MetricsJson = MetricObjectWithValues<MetricValue<string>>[]
interface Answer {
  type: typeof ANSWER
  id: string
  metrics: MetricsJson
}

/** In an HTTP process: answers the primary's requests for this process's figures. */
export function answerMetricsRequests(): void {
  process.on('message', (message: { type?: string; id?: string }) => {
    if (message?.type !== ASK || !message.id) return
    void metricsRegistry.getMetricsAsJSON().then((metrics) => process.send?.({ type: ANSWER, id: message.id!, metrics } satisfies Answer))
  })
}

/** In the primary: its own figures and each HTTP process's, added up (one that does not answer in time is left out). */
export async function machineMetrics(): Promise<string> {
  const workers = Object.values(cluster.workers ?? {}).filter((w) => w && w.isConnected())
  const answers = await Promise.all(
    workers.map(
      (worker) =>
        new Promise<MetricsJson | null>((resolve) => {
          const id = randomUUID()
          const timer = setTimeout(() => done(null), ANSWER_WITHIN_MS)
          const onMessage = (message: Answer) => message?.type === ANSWER && message.id === id && done(message.metrics)
          function done(metrics: MetricsJson | null) {
            clearTimeout(timer)
            worker!.off('message', onMessage)
            resolve(metrics)
          }
          worker!.on('message', onMessage)
          worker!.send({ type: ASK, id })
        }),
    ),
  )
  const all = [await metricsRegistry.getMetricsAsJSON(), ...answers.filter((a): a is MetricsJson => a !== null)]
  return AggregatorRegistry.aggregate(all).metrics()
}

/** This process's figures alone. */
export const ownMetrics = () => metricsRegistry.metrics()

export interface MetricsServerOptions {
  port: number
  host: string
  token?: string
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '')
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** Serves GET /metrics from `gather`; resolves with the server once it listens. */
export async function startMetricsServer(options: MetricsServerOptions, gather: () => Promise<string>): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://metrics').pathname
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
      return
    }
    if (options.token && !tokenMatches(req.headers.authorization, options.token)) {
      res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('A bearer token is needed')
      return
    }
    gather().then(
      (body) => res.writeHead(200, { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' }).end(body),
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`Metrics failed: ${error instanceof Error ? error.message : String(error)}`),
    )
  })
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(options.port, options.host, () => resolve()))
  return server
}

/** The address a listening metrics server answers on. */
export function metricsAddress(server: http.Server): string {
  const address = server.address()
  if (!address || typeof address === 'string') return String(address)
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  return `http://${host}:${address.port}/metrics`
}
