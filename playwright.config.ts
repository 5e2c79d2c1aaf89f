import { defineConfig } from '@playwright/test';
import { TEST_LOGICAL_DATE } from './testing/today';
import { ANY_VIEWPORT_FILES, ANY_VIEWPORT_TAG } from './tests/e2e/support/viewports';

/** End-to-end tests: the production build and the embedded content service, in the system Chromium. */
// E2E_PORT lets two suites run side by side (CI runs one).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
/** The editors' preview is on in the suite (docs/preview.md); public pages are the same without it. */
export const E2E_PREVIEW_TOKEN = 'e2e-preview-token-0123456789abcdef0123';
export const E2E_PREVIEW_FRAMER = `http://127.0.0.1:${E2E_PORT + 6}`;
export const CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL: E2E_ORIGIN,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    trace: 'off',
  },
  projects: [
    {
      name: 'phone',
      use: { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true },
      testIgnore: ANY_VIEWPORT_FILES,
      grepInvert: new RegExp(ANY_VIEWPORT_TAG),
    },
    { name: 'desktop', use: { viewport: { width: 1280, height: 900 } } },
  ],
  webServer: {
    command: 'node dist/server/main.js',
    url: `${E2E_ORIGIN}/date`,
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      LOGICAL_DATE: TEST_LOGICAL_DATE,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PREVIEW_TOKEN: E2E_PREVIEW_TOKEN,
      PREVIEW_FRAME_ANCESTORS: E2E_PREVIEW_FRAMER,
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
