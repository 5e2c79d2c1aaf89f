/**
 * Purge on publish as the tests call it (docs/operations.md "Purge on publish"): the hook with its
 * token, a page's title from any origin (a site process or nginx), and waiting on a site's log.
 */
import { expect } from '@playwright/test';
import {
  startDemoStandIns,
  standInVariables,
  type EmbeddedServices,
} from '../../../embedded/server';
import { copyDemoContent, type ContentCopy } from '../../../testing/stand-ins';
import { redisServer, type RedisServer } from './redis';
import { freePort, type SiteProcess } from './site-process';
import { TEST_LOGICAL_DATE } from '../../../testing/today';

/** The `PUBLISH_HOOK_TOKEN` of the sites these tests start (32 characters or more). */
export const PUBLISH_TOKEN = 'e2e-publish-token-0123456789abcdefghijklmnop';
export const HOOK = '/_hooks/content-published';

/** The `<title>` of `url` at `at.origin` (a 200 expected). */
export async function title(at: { origin: string }, url = '/fr/accueil'): Promise<string> {
  const res = await fetch(`${at.origin}${url}`, { redirect: 'manual' });
  expect(res.status).toBe(200);
  return /<title>([^<]*)<\/title>/.exec(await res.text())?.[1] ?? '';
}

/** Sends the hook straight to one process; expects a 200 and returns its request id and summary. */
export async function publish(site: SiteProcess, body: unknown) {
  const res = await fetch(`${site.origin}${HOOK}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${PUBLISH_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return {
    requestId: res.headers.get('x-request-id') ?? '',
    summary: (await res.json()) as { scope: string; broadcast: string },
  };
}

/** Waits until the site's log has said `text` (at least `times` times). */
export async function logged(site: SiteProcess, text: string, times = 1): Promise<void> {
  await expect
    .poll(() => site.log().split(text).length - 1, { timeout: 30_000, message: text })
    .toBeGreaterThanOrEqual(times);
}

/**
 * What the publishing specs start before their sites: a copy of the demo content that a test
 * edits, the stand-ins over it, a running Redis, and the variables that point a site at them.
 */
export interface PublishingBed {
  content: ContentCopy;
  embedded: EmbeddedServices;
  redis: RedisServer;
  env: Record<string, string>;
  /** Stops what was started, each even when another fails. */
  close(): Promise<void>;
}

export async function startPublishingBed(): Promise<PublishingBed> {
  const content = copyDemoContent();
  let embedded: EmbeddedServices | undefined;
  let redis: RedisServer | undefined;
  const close = async () => {
    await redis?.close().catch(() => undefined);
    await embedded?.close().catch(() => undefined);
    content.remove();
  };
  try {
    embedded = await startDemoStandIns(TEST_LOGICAL_DATE, { contentDir: content.dir });
    redis = await redisServer(await freePort());
    await redis.start();
  } catch (error) {
    await close();
    throw error;
  }
  const env = {
    ...standInVariables(embedded.origin),
    PUBLISH_HOOK_TOKEN: PUBLISH_TOKEN,
    REDIS_URL: redis.url,
  };
  return { content, embedded, redis, env, close };
}
