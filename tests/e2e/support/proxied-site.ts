/**
 * A site started against the embedded content service behind a proxy that answers some calls
 * itself (to fail them, say) and forwards the rest: for tests of how the site degrades.
 */
import { spawn } from 'node:child_process';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { standInVariables, startDemoStandIns } from '../../../embedded/server';
import { TEST_LOGICAL_DATE } from '../../../testing/today';

export interface ProxiedSite {
  origin: string;
  proxyOrigin: string;
  close(): Promise<void>;
}

/** `intercept` answers a call itself and returns true, or returns false to forward it. */
export type Intercept = (req: IncomingMessage, res: ServerResponse) => boolean;

async function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const port = (probe.address() as AddressInfo).port;
      probe.close(() => resolve(port));
    });
  });
}

export async function startProxiedSite(
  intercept: Intercept,
  env: (proxyOrigin: string) => Record<string, string> = () => ({}),
): Promise<ProxiedSite> {
  const embedded = await startDemoStandIns(TEST_LOGICAL_DATE);
  const target = new URL(embedded.origin);
  const proxy = createServer((req, res) => {
    if (intercept(req, res)) return;
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxyOrigin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const site = spawn('node', ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // A real deployment names every third party (the production guard): the stand-ins here.
      ...standInVariables(embedded.origin),
      CMS_ORIGIN: proxyOrigin,
      PUBLIC_ORIGIN: origin,
      MEDIA_ORIGIN: embedded.origin,
      LOGICAL_DATE: TEST_LOGICAL_DATE,
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      ...env(proxyOrigin),
    },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`${origin}/date`).catch(() => null))?.status ?? 0, {
      timeout: 20_000,
    })
    .toBe(200);
  return {
    origin,
    proxyOrigin,
    async close() {
      site.kill('SIGTERM');
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await embedded.close();
    },
  };
}
