/**
 * What the server tests share (a test tool, never imported by the server): the embedded
 * stand-ins over the demo content, the sanitiser production runs, and a server over them with
 * made-up asset names.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  standInOrigins,
  standInVariables,
  startDemoStandIns,
  type EmbeddedServices,
} from '../embedded/server';
import { render } from '../src/app/entry-server';
import { installSanitizer } from '../src/content/sanitize';
import { buildServer, type ServerDeps } from '../src/server/app';
import { loadConfig, type Config, type Env } from '../src/server/config';
import { createServerSanitizer } from '../src/server/sanitizer';
import { TEST_LOGICAL_DATE } from './today';

/** Installs the production sanitiser and starts the stand-ins on a free loopback port. */
export function startStandIns(anchorDate = TEST_LOGICAL_DATE): Promise<EmbeddedServices> {
  installSanitizer(createServerSanitizer());
  return startDemoStandIns(anchorDate);
}

/**
 * A real deployment's configuration over the stand-ins at `origin`: a public origin and every
 * third party named (the production guard), then `env`.
 */
export function testConfig(origin: string, env: Env = {}): Config {
  return loadConfig({
    LOGICAL_DATE: TEST_LOGICAL_DATE,
    PUBLIC_ORIGIN: 'https://www.pari.example',
    ...standInVariables(origin),
    ...env,
  });
}

/** A server over the stand-ins at `origin`, with `deps` in place of any of its parts. */
export function testServer(
  origin: string,
  deps: Partial<ServerDeps> & Pick<ServerDeps, 'config'>,
): Promise<FastifyInstance> {
  return buildServer({
    origins: standInOrigins(origin),
    getRender: () => Promise.resolve(render),
    getAssets: () =>
      Promise.resolve({
        scripts: ['/assets/app.js'],
        styles: [],
        preloads: [],
        editorBridge: '/assets/editor-bridge.js',
      }),
    getFrameAssets: () =>
      Promise.resolve({ scripts: ['/assets/frame.js'], styles: [], preloads: [] }),
    logger: false,
    ...deps,
  });
}

/** A log stream for a test server, and the JSON lines written to it, each parsed. */
export function logLines(): { lines: Record<string, unknown>[]; stream: Writable } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n'))
        if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}
