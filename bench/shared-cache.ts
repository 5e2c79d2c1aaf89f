/**
 * The figures of docs/decisions/0029-purge-across-instances-with-redis.md: should rendered pages
 * and content answers live in Redis too? Run after `npm run build`: `npx tsx bench/shared-cache.ts`.
 * It starts the stand-ins (counting the content calls), two built site processes sharing a
 * redis-server on loopback ports, and measures
 *   - the content calls each process makes to render a page, cold and after a purge;
 *   - a sequential render with no cache (CONTENT_CACHE_TTL=0) against a Redis GET of the same
 *     page's bytes (as sent, and brotli-compressed), and a page served from the process's memory.
 * Everything it starts is stopped by PID at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { Redis } from 'ioredis';
import { standInVariables, startEmbeddedServices } from '../embedded/server';

const TOKEN = 'bench-token-0123456789abcdefghijklmnopqrstuv';
const RUNS = 300;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const children: ChildProcess[] = [];

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not start`);
}

async function site(env: Record<string, string>): Promise<string> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn('node', ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: origin,
      LOGICAL_DATE: '2026-11-21 12:00',
      LOG_LEVEL: 'warn',
      ACCESS_LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: 'ignore',
  });
  children.push(child);
  await waitFor(async () => (await fetch(`${origin}/date`)).ok, origin);
  return origin;
}

function percentiles(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return `p50 ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms`;
}

async function timed(run: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return samples;
}

async function main(): Promise<void> {
  let calls = 0;
  const embedded = await startEmbeddedServices({
    host: '127.0.0.1',
    port: 0,
    app: 'pari-boreal',
    timeZone: 'America/Toronto',
    anchorDate: '2026-11-21 12:00',
    log: (line) => {
      if (line.includes('/.rest/')) calls += 1;
    },
  });
  const redisDir = mkdtempSync(path.join(os.tmpdir(), 'bench-redis-'));
  const redisPort = await freePort();
  const redisServer = spawn(
    '/usr/bin/redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { cwd: redisDir, stdio: 'ignore' },
  );
  children.push(redisServer);
  // Retries until the server listens; the first command waits for the connection.
  const redis = new Redis(`redis://127.0.0.1:${redisPort}`, { retryStrategy: () => 100 });
  redis.on('error', () => undefined);
  await redis.ping();
  try {
    const env = {
      ...standInVariables(embedded.origin),
      PUBLISH_HOOK_TOKEN: TOKEN,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    };
    const [a, b] = await Promise.all([site(env), site(env)]);
    const page = async (origin: string) => (await fetch(`${origin}/fr/accueil`)).text();

    const counted = async (origin: string) => {
      const before = calls;
      await page(origin);
      return calls - before;
    };
    console.log(
      `content calls, first render of /fr/accueil: A ${await counted(a)}, B ${await counted(b)}`,
    );
    console.log(`content calls, again (cached): A ${await counted(a)}, B ${await counted(b)}`);
    await fetch(`${a}/_hooks/content-published`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    // B applies the purge when Redis delivers it: wait until it renders again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    console.log(
      `content calls after one purge of everything: A ${await counted(a)}, B ${await counted(b)}`,
    );

    const uncached = await site({ ...standInVariables(embedded.origin), CONTENT_CACHE_TTL: '0' });
    await page(uncached);
    console.log(
      `render with no cache (HTTP, sequential): ${percentiles(await timed(() => page(uncached)))}`,
    );
    console.log(
      `page from the process's memory (HTTP, sequential): ${percentiles(await timed(() => page(a)))}`,
    );

    const html = Buffer.from(await page(a));
    const br = brotliCompressSync(html);
    await redis.set('bench:page', html);
    await redis.set('bench:page:br', br);
    console.log(
      `Redis GET of the page, ${(html.length / 1024).toFixed(0)} KiB: ${percentiles(await timed(() => redis.getBuffer('bench:page')))}`,
    );
    console.log(
      `Redis GET of the page, brotli ${(br.length / 1024).toFixed(0)} KiB: ${percentiles(await timed(() => redis.getBuffer('bench:page:br')))}`,
    );
  } finally {
    redis.disconnect();
    for (const child of children) child.kill('SIGTERM');
    await embedded.close();
    rmSync(redisDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  for (const child of children) child.kill('SIGKILL');
  process.exit(1);
});
