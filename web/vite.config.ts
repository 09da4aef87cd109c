import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildStampPlugin } from './build/web-build-stamp.js';

const root = import.meta.dirname;

export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), buildStampPlugin(root)],
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
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}` },
  },
});
