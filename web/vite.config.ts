import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressPlugin } from './build/precompress.js';
import { buildStampPlugin } from './build/web-build-stamp.js';

const root = import.meta.dirname;

export default defineConfig({
  root,
  plugins: [
    react(),
    tailwindcss(),
    buildStampPlugin(root),
    // Issue 21: an installable app. The service worker keeps the app shell (the page, its
    // scripts and styles, the icons) so a second start needs no network for them; it caches
    // nothing under /api (voter data lives in IndexedDB, managed by the app itself). A new
    // version waits until the user chooses Reload on the "A new version is available" banner
    // (lib/service-worker.ts); the page registers the worker itself (no inline script: CSP).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Voter Management',
        short_name: 'Voters',
        description: 'Voter records, booths and contacts for the office and its Karyakartas',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#1e3a8a',
        background_color: '#f8fafc',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The shell and every screen a Karyakarta may open offline; the office-only screens
        // (and Chart.js inside analytics) are kept only once opened (runtime cache below).
        globPatterns: ['index.html', 'favicon.svg', 'icons/*.png', 'assets/*.{js,css}'],
        globIgnores: ['analytics-page', 'audit-logs-page', 'dashboard-page', 'settings-page', 'users-page', 'voter-flags-page', 'surveys-page', 'survey-page'].map((name) => `assets/${name}-*.js`),
        // Hashed names change with their content: no revision query needed.
        dontCacheBustURLsMatching: /^assets\//,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        runtimeCaching: [
          {
            // Fonts (fetched only when a page shows that script) and office-only screens.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'vms-assets', expiration: { maxEntries: 80, maxAgeSeconds: 90 * 24 * 60 * 60 } },
          },
        ],
        cleanupOutdatedCaches: true,
      },
    }),
    precompressPlugin(),
  ],
  resolve: {
    alias: {
      '@shared': path.resolve(root, '../shared'),
      '@web': path.resolve(root, 'src'),
    },
  },
  build: {
    outDir: path.resolve(root, 'dist'),
    emptyOutDir: true,
    // Chart.js is large and only the analytics screen needs it.
    chunkSizeWarningLimit: 700,
    // Every browser the phones run (Chromium and Safari of the last years) has modulepreload.
    modulePreload: {
      polyfill: false,
      // A file imported on demand is fetched by a preload link at once, even one that imports
      // nothing (a language file): the import() itself starts only once the running script ends,
      // and a start asks for its language while the libraries still run (issue 21, decision 044).
      resolveDependencies: (file, deps) => (deps.length === 0 ? [file] : deps),
    },
    rolldownOptions: {
      output: {
        // The libraries every screen needs, in one file: one request, and brotli packs one
        // larger file better than several pieces (issue 21). Icons and Chart.js stay with the
        // screens that use them.
        codeSplitting: {
          groups: [
            // What a start asks for before the libraries run (app/start-early.ts): one file that
            // imports none of them, so main.tsx's first import is run first (issue 21, decision
            // 044). `npm run test:budget` fails if it ever imports the vendor or index file.
            { name: 'start-early', test: /web[\\/]src[\\/](app[\\/](start-early|page-loaders)|lib[\\/](api-basics|early-requests|language-files|remembered-user|script-fonts)|features[\\/]voters[\\/]components[\\/]voter-list-state)\.ts$|shared[\\/](auth[\\/]roles|i18n[\\/]languages|voters[\\/]voter-query-keys)\.ts$/ },
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store|@tanstack|react-hot-toast|goober)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}` },
  },
});
