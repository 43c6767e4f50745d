import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig } from 'vite'
import remixConfig from './remix.config.js'

export default defineConfig({
  plugins: [remix(remixConfig)],
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
  build: { target: 'es2019' },
})
