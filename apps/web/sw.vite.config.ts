import { defineConfig } from 'vite';

// requirements#pwa: the service worker, built after the app (apps/server/src/web/build.ts) into
// build/client/sw.js as one classic script: a service worker may not be a module everywhere.
export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: 'build/client',
    emptyOutDir: false,
    copyPublicDir: false,
    target: 'es2020',
    lib: {
      entry: 'app/pwa/service-worker.ts',
      formats: ['iife'],
      name: 'shopServiceWorker',
      fileName: () => 'sw.js',
    },
  },
});
