// The bare app's Vite config: the project's Remix options (remix.config.js: future flags, module
// format) and build target, so the baseline differs from the app only in the app's own code.
import { vitePlugin as remix } from '@remix-run/dev'
import { defineConfig } from 'vite'
import remixConfig from '../../remix.config.js'

export default defineConfig({
  plugins: [remix({ ...remixConfig, appDirectory: 'app', buildDirectory: 'build' })],
  build: { target: 'es2019' },
})
