// The Remix options, in one place. vite.config.ts hands them to the Remix Vite plugin.
/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  serverModuleFormat: 'esm',
  ignoredRouteFiles: ['**/*.test.ts', '**/*.test.tsx', '**/*.css'],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
}
