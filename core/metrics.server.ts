// The app's Prometheus metrics (prom-client's default registry, one per process). A metric is made
// once per process and found again by its name: the Express layer and the Remix build each load a
// copy of this module. `npm start`'s primary adds its HTTP processes' figures to its own (server/
// metrics.ts), so one scrape tells the whole machine.
import client from 'prom-client'

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

function single<T>(name: string, make: () => T): T {
  return (client.register.getSingleMetric(name) as T | undefined) ?? make()
}

/** Requests by route, method and status, with their latency (the count of each is the request count). */
export const httpRequests = () =>
  single(
    'http_request_duration_seconds',
    () =>
      new client.Histogram({
        name: 'http_request_duration_seconds',
        help: 'HTTP requests answered, by route, method and status, and how long they took',
        labelNames: ['route', 'method', 'status'],
        buckets: SECONDS,
      }),
  )

/** Job runs by queue and outcome, with their durations. */
export const jobRuns = () =>
  single(
    'job_duration_seconds',
    () =>
      new client.Histogram({
        name: 'job_duration_seconds',
        help: 'Background job runs, by queue and outcome (done, failed), and how long they took',
        labelNames: ['queue', 'status'],
        buckets: SECONDS,
      }),
  )

/** Commands by outcome: done, replayed (a form or an offline item sent again), refused, failed. */
export const commandRuns = () =>
  single(
    'command_runs_total',
    () => new client.Counter({ name: 'command_runs_total', help: 'Commands (every checked write, offline submissions among them) by command and outcome', labelNames: ['command', 'outcome'] }),
  )

/** PDF renders (HTML or DOCX to PDF) by kind and outcome, with their durations. */
export const documentRenders = () =>
  single(
    'document_render_seconds',
    () => new client.Histogram({ name: 'document_render_seconds', help: 'Documents rendered to PDF in Chromium, by kind and outcome', labelNames: ['kind', 'status'], buckets: SECONDS }),
  )

export interface PoolUse {
  total: number
  idle: number
  waiting: number
}

/** The database pool's connections, read at each scrape from `read` (the process's pool). */
export function watchPool(read: () => PoolUse | null): void {
  single(
    'db_pool_connections',
    () =>
      new client.Gauge({
        name: 'db_pool_connections',
        help: 'Connections of the database pool: open (total), idle, and requests waiting for one',
        labelNames: ['state'],
        collect() {
          const use = read()
          if (!use) return
          for (const [state, value] of Object.entries(use)) this.set({ state }, value)
        },
      }),
  )
}

/** Jobs waiting and running per queue, counted at each scrape by `count` (pg-boss's table). */
export function watchQueues(count: () => Promise<{ queue: string; state: string; jobs: number }[]>): void {
  single(
    'queue_jobs',
    () =>
      new client.Gauge({
        name: 'queue_jobs',
        help: 'Background jobs per queue and state (created, retry, active)',
        labelNames: ['queue', 'state'],
        async collect() {
          this.reset()
          for (const row of await count()) this.set({ queue: row.queue, state: row.state }, row.jobs)
        },
      }),
  )
}

/** The process's own figures (CPU, memory, event loop), once per process. */
export function collectProcessMetrics(): void {
  if (!client.register.getSingleMetric('process_cpu_seconds_total')) client.collectDefaultMetrics()
}

export const metricsRegistry = client.register
export const AggregatorRegistry = client.AggregatorRegistry
