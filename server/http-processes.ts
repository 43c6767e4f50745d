// The primary's side of `npm start`'s HTTP processes (node:cluster): forks `count` copies of
// server/http-process.ts, which share one listening port (the primary hands out connections in
// turn), waits until each listens, replaces one that dies later, and stops them all on shutdown.
import cluster, { type Worker } from 'node:cluster'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const HTTP_PROCESS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'http-process.ts')

export interface HttpProcesses {
  /** resolves with the port once all listen (PORT, or the one the system chose for PORT=0); rejects when one exits before it listens, for example when the port is taken */
  listening: Promise<number>
  /** SIGTERM to each (they finish their requests), then waits for all to exit; SIGKILL after `graceMs` */
  stop(graceMs?: number): Promise<void>
}

/**
 * Forks `count` HTTP processes serving `serverBuild` (the Remix build's server/index.js). They inherit this process's environment and Node flags (so `tsx`
 * loads them too). One that dies after it listened is replaced.
 */
export function startHttpProcesses(count: number, serverBuild: string): HttpProcesses {
  cluster.setupPrimary({ exec: HTTP_PROCESS, args: [serverBuild] })
  let stopping = false
  const listened = new Set<Worker>()

  const stop = async (graceMs = 15_000) => {
    stopping = true
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead())
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(() => worker.process.kill('SIGKILL'), graceMs)
            worker.once('exit', () => {
              clearTimeout(timer)
              resolve()
            })
            worker.process.kill('SIGTERM')
          }),
      ),
    )
  }

  const listening = new Promise<number>((resolve, reject) => {
    const fork = () => {
      const worker = cluster.fork()
      worker.once('listening', (address) => {
        listened.add(worker)
        if (listened.size === count) resolve(address.port)
      })
      worker.once('exit', (code, signal) => {
        const served = listened.delete(worker)
        if (stopping) return
        if (!served) {
          // it never served: starting another would fail the same way
          reject(new Error(`An HTTP process exited (${signal ?? code}) before it listened.`))
          return
        }
        console.error(`HTTP process ${worker.process.pid} exited (${signal ?? code}); starting another.`)
        fork()
      })
    }
    for (let i = 0; i < count; i++) fork()
  })
  return { listening, stop }
}
