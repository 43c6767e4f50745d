// Serves bench/bare-app's build the way `remix-serve` does (Express, compression, the static
// files, Remix's request handler), from WEB_CONCURRENCY processes like `npm start`. Compression
// is the app's own (server/compression.ts: same levels, same batching), so the HTTP figure
// compares the app's work with Remix's alone. Prints `http://localhost:<port>/` once every
// process listens.
import cluster from 'node:cluster'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import express from 'express'
import { compressResponses } from '../../server/compression.ts'
import { BARE_BUILD, BARE_SERVER_BUILD } from './build.ts'

const processes = Number(process.env.WEB_CONCURRENCY ?? os.availableParallelism())

if (cluster.isPrimary) {
  let listening = 0
  cluster.on('listening', (_worker, address) => {
    if (++listening === processes) console.log(`bare app: http://localhost:${address.port}/`)
  })
  cluster.on('exit', (worker, code, signal) => {
    if (!stopping) console.error(`bare app process ${worker.process.pid} exited (${signal ?? code})`)
  })
  let stopping = false
  const stop = () => {
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
    cluster.once('exit', function wait() {
      if (Object.values(cluster.workers ?? {}).every((w) => !w || w.isDead())) process.exit(0)
      else cluster.once('exit', wait)
    })
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  for (let i = 0; i < processes; i++) cluster.fork()
} else {
  const build = (await import(pathToFileURL(BARE_SERVER_BUILD).href)) as ServerBuild
  const app = express()
  app.disable('x-powered-by')
  app.use('/assets', express.static(path.join(BARE_BUILD, 'client', 'assets'), { immutable: true, maxAge: '1y' }))
  app.use(express.static(path.join(BARE_BUILD, 'client'), { maxAge: '1h' }))
  app.use(compressResponses())
  app.all('*', createRequestHandler({ build, mode: 'production' }))
  const server = app.listen(Number(process.env.PORT ?? 0))
  process.on('SIGTERM', () => {
    server.close(() => process.exit(0))
    server.closeAllConnections()
  })
  process.on('SIGINT', () => undefined) // the primary stops us
}
