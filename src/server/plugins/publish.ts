/**
 * Purge on publish (docs/operations.md "Purge on publish"): the publication webhook
 * (`POST /_hooks/content-published`, only with its token), and the purges other instances send
 * through Redis when it is configured (src/server/broadcast.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { connectBroadcast } from '../broadcast';
import {
  cdnPurgeDelayMs,
  createCdnPurger,
  heldContent,
  planCdnPurge,
  type CdnPlan,
  type CdnPurger,
} from '../cdn-purge';
import {
  applyPurge,
  bearerMatches,
  describePurge,
  PUBLISH_BODY_LIMIT,
  PUBLISH_HOOK_PATH,
  readPublishBody,
  whenHealthy,
} from '../publish';
import { inMessageTrace } from '../tracing';

/** How often a purge waiting for the content service asks it again. */
const HEALTH_RETRY_MS = 2000;

type Broadcast = ReturnType<typeof connectBroadcast>;

/** Redis's channel of purges, with its own onClose; undefined without REDIS_URL. */
function listenToOthers(app: FastifyInstance): Broadcast | undefined {
  const { redisUrl, cmsApp } = app.siteConfig;
  if (!redisUrl) return undefined;
  let pendingPurge: { stop(): void } | undefined;
  const broadcast = connectBroadcast({
    url: redisUrl,
    channel: `${cmsApp}:content-published`,
    // In the sender's trace: the purge hangs under the webhook's request.
    apply: (message) =>
      inMessageTrace(message, 'redis purge', { 'messaging.system': 'redis' }, (traceId) => {
        const summary = applyPurge(message.purge, app.caches);
        app.log
          .child({ reqId: message.requestId, traceId })
          .info({ purge: summary }, `${describePurge(summary)} (sent by another instance)`);
      }),
    // The purge Redis's return calls for waits for the content service: asked past the cache.
    resumed: () => {
      pendingPurge?.stop();
      pendingPurge = whenHealthy(
        async () => (await app.serviceProbe.getSite('fr')).ok,
        () => {
          const why = { all: 'Redis came back; a purge may have been missed' };
          const summary = applyPurge(why, app.caches);
          app.log.info({ purge: summary }, describePurge(summary));
        },
        HEALTH_RETRY_MS,
      );
    },
    log: app.log,
  });
  app.addHook('onClose', () => {
    pendingPurge?.stop();
    return broadcast.close();
  });
  return broadcast;
}

const cdnDelayMs = (app: FastifyInstance) =>
  cdnPurgeDelayMs(app.siteConfig.proxyFreshSeconds, app.siteConfig.redisUrl !== undefined);

/**
 * The CDN's purge by tag, when `CDN_PURGE` is set (docs/operations.md "Purging the CDN by tag"):
 * made by the process that got the hook only, never by those Redis tells, so one call per
 * publication; what it checks anew is read past every cache.
 */
function cdnPurger(app: FastifyInstance): CdnPurger | undefined {
  const target = app.siteConfig.cdn.purge;
  if (!target) return undefined;
  const probe = app.serviceProbe;
  const purger = createCdnPurger({
    target,
    delayMs: cdnDelayMs(app),
    metrics: app.metrics,
    fresh: {
      lots: async (locale) => {
        const answer = await probe.getLots(locale);
        return answer.ok ? answer.data : null;
      },
      page: async ({ lang, path }) => {
        const answer = await probe.getPage(lang, path);
        return answer.ok ? answer.data : undefined;
      },
    },
  });
  app.addHook('onClose', () => {
    const dropped = purger.close();
    if (dropped) app.log.warn(`${dropped} CDN purges not yet due dropped: the process stops`);
  });
  return purger;
}

/** What the hook's answer says of the CDN's purge. */
function describeCdn(plan: CdnPlan | undefined, delayMs: number) {
  if (!plan) return 'off';
  const inSeconds = delayMs / 1000;
  if ('all' in plan) return { scope: 'all', inSeconds };
  return {
    scope: 'tags',
    tags: [...plan.tags].slice(0, 100),
    // Lots and URLs checked against the content once the purge is due.
    checked: plan.lots.length + plan.urls.length,
    inSeconds,
  };
}

/** Checked before the body is read: a stranger's body is never buffered. */
function checkBearer(token: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (bearerMatches(request.headers.authorization, token)) return;
    request.log.warn(`${PUBLISH_HOOK_PATH}: refused, no valid bearer token (401)`);
    return reply
      .code(401)
      .header('www-authenticate', 'Bearer')
      .header('cache-control', 'no-store')
      .header('connection', 'close')
      .send({ error: 'unauthorized' });
  };
}

export default function publish(app: FastifyInstance): void {
  const broadcast = listenToOthers(app);
  const token = app.siteConfig.publishHookToken;
  if (!token) return;
  const cdn = cdnPurger(app);
  // The body is read as bytes whatever its type: what it names is read in src/server/publish.ts,
  // and anything it does not understand purges everything.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    PUBLISH_HOOK_PATH,
    { bodyLimit: PUBLISH_BODY_LIMIT, onRequest: checkBearer(token) },
    async (request, reply) => {
      const purge = readPublishBody(Buffer.isBuffer(request.body) ? request.body : undefined);
      // Planned from what this process held before its own purge marks it.
      const cdnPlan = cdn
        ? planCdnPurge(purge, heldContent(app.caches.content), app.caches.siteNode)
        : undefined;
      const summary = applyPurge(purge, app.caches);
      // Sent later, on its own: the hook's answer and the site's purge never wait for the CDN.
      if (cdn && cdnPlan) cdn.schedule(cdnPlan, request.log);
      // undefined: no Redis; null: sent; else why it could not be sent.
      const failure = broadcast ? await broadcast.publish(purge, request.id) : undefined;
      const heard =
        failure === undefined
          ? 'no Redis: this instance only'
          : failure === null
            ? 'sent to the other instances'
            : `NOT sent to the other instances (${failure})`;
      request.log[failure ? 'warn' : 'info'](
        { purge: summary, broadcast: heard },
        `${describePurge(summary)}; ${heard}`,
      );
      return reply
        .code(200)
        .header('cache-control', 'no-store')
        .send({
          ...summary,
          broadcast: failure === undefined ? 'off' : failure === null ? 'sent' : 'failed',
          cdn: describeCdn(cdnPlan, cdnDelayMs(app)),
        });
    },
  );
}
