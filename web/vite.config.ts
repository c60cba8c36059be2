/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const BACKEND = 'http://127.0.0.1:8000';

// Libraries that change rarely get their own long-cached chunks; sections are split by the router's `lazy`.
// The app's shared code (lib, components) is one chunk: split by what imports it, it made ten small files
// that a first load asked for over HTTP/1.1's six connections (18 JavaScript files, now 8;
// docs/decisions/0030-serving-at-scale-processes-side-by-side.md).
const VENDOR_CHUNKS = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /[\\/]node_modules[\\/]react-router[\\/]/ },
  { name: 'i18n', test: /[\\/]node_modules[\\/](i18next[^\\/]*|react-i18next)[\\/]/ },
  { name: 'shared', test: /[\\/]src[\\/](lib|components)[\\/]/ },
];

export default defineConfig({
  plugins: [react()],
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    // dist/.vite/manifest.json: the server reads it to hint a section's chunks in the index it sends
    // for that section's URLs (server/core/index_hints.py).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: VENDOR_CHUNKS },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: BACKEND, changeOrigin: true },
      '/ws': { target: BACKEND, ws: true, changeOrigin: true },
      '/locales': { target: BACKEND, changeOrigin: true },
      '/media': { target: BACKEND, changeOrigin: true },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
  },
});
