import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { cataloguePlugin } from './build/catalogue-plugin';

// One config for the browser bundle (`vite build`) and the server bundle
// (`vite build --ssr src/server/main.ts`); Vitest reads its `test` block.
export default defineConfig({
  plugins: [react(), cataloguePlugin('src/i18n')],
  build: {
    outDir: 'dist/client',
    manifest: true,
    sourcemap: true,
    rollupOptions: {
      // The site, and the header and footer alone for other systems' pages.
      input: ['src/app/entry-client.tsx', 'src/app/entry-frame.tsx'],
    },
  },
  ssr: {
    // Bundled into the server build so that `npm start` needs only dist/ and node_modules.
    noExternal: [],
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'embedded/**/*.test.ts'],
    environment: 'node',
    restoreMocks: true,
  },
});
