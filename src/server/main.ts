/**
 * Starts the site: configuration (exits on a bad value), the embedded stand-ins for whatever
 * third party is not configured, then the HTTP server, in production or development mode.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  AUTHOR_PREFIX,
  DEMO_PREVIEW_TOKEN,
  standInCmpVariables,
  standInOrigins,
  startEmbeddedServices,
} from '../../embedded/server';
import { credentialsOf, STAND_IN_AUTHOR_ACCOUNTS } from '../../embedded/cms/accounts';
import type { Render } from '../app/entry-server';
import { installSanitizer } from '../content/sanitize';
import { LOCALES } from '../domain/locale';
import { ConfigError, loadConfig, type Config } from './config';
import { buildServer, type Origins } from './app';
import { createServerSanitizer } from './sanitizer';
import { exitBoundMs, trackConnections } from './shutdown';
import { logDestination } from './log-destination';
import { createReadiness } from './health';
import { inlineEntryCode, type Assets } from './document';

// src/server/main.ts and dist/server/main.js are both two levels under the project root.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLIENT_ENTRY = 'src/app/entry-client.ts';
const CLIENT_START = 'src/app/start-client.tsx';
const FRAME_ENTRY = 'src/app/entry-frame.tsx';

function loadConfigOrExit(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The sports area's early module, which starts the betting widget (and imports its host). */
const SPORTS_AREA_EARLY = 'src/features/sports-area/early-start.ts';
const SPORTS_AREA_VIEW = 'src/features/sports-area/SportsArea.tsx';
const APP_BANNER_EARLY = 'src/features/app-banner/early-start.ts';
/** The editor bridge of edit-mode pages (docs/editing.md). */
const EDITOR_BRIDGE = 'src/app/editor-bridge.ts';
/** What every client-side navigation needs (src/app/navigation-kit.ts). */
const NAVIGATION_KIT = [
  'src/app/client-navigation.ts',
  'src/app/head.ts',
  'src/content/sanitize.ts',
];

/** The one style sheet of the build (`cssCodeSplit: false` in vite.config.ts). */
const STYLE_SHEET_KEY = 'style.css';

async function productionAssets(
  entryKey: string,
  { inline }: { inline: boolean },
): Promise<Assets> {
  const manifestPath = path.join(ROOT, 'dist/client/.vite/manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = manifest[entryKey];
  const sheet = manifest[STYLE_SHEET_KEY];
  if (!entry || !sheet) {
    throw new Error(
      `${manifestPath} has no ${entry ? STYLE_SHEET_KEY : entryKey}: run npm run build`,
    );
  }
  /** The modules a chunk imports statically, transitively (the chunk itself too if `self`). */
  const collect = (chunk: ManifestChunk, self: boolean): string[] => {
    const found = new Set<string>();
    const visit = (c: ManifestChunk, isRoot: boolean) => {
      if (!isRoot || self) found.add(`/${c.file}`);
      c.imports?.forEach((key) => {
        const imported = manifest[key];
        if (imported && !found.has(`/${imported.file}`)) visit(imported, false);
      });
    };
    visit(chunk, true);
    return [...found];
  };
  const preloads = collect(entry, false);
  // The start module, which the entry imports once the first screen has painted, and its imports.
  const start = manifest[CLIENT_START];
  const startModules = start ? collect(start, true) : [];
  const loaded = new Set([...preloads, `/${entry.file}`, ...startModules]);
  const catalogues: NonNullable<Assets['catalogues']> = {};
  for (const locale of LOCALES) {
    const chunk = manifest[`virtual:catalogue/${locale}`];
    if (chunk) catalogues[locale] = `/${chunk.file}`;
  }
  /** The modules of these sources with their imports, each once, in order, none loaded already. */
  const collectAll = (keys: string[]): string[] =>
    [
      ...new Set(
        keys.flatMap((key) => {
          const chunk = manifest[key];
          return chunk ? collect(chunk, true) : [];
        }),
      ),
    ].filter((href) => !loaded.has(href));
  // The early module first, then its imports, which the entry asks for at once; then the area's
  // view (a chunk of its own), which comes with the site's code.
  const sportsEarly = collectAll([SPORTS_AREA_EARLY]);
  const sportsView = collectAll([SPORTS_AREA_VIEW]).filter((href) => !sportsEarly.includes(href));
  const bannerEarly = manifest[APP_BANNER_EARLY];
  // It runs before the start module is asked for: all its imports are listed but the entry's.
  const withEntry = new Set([...preloads, `/${entry.file}`]);
  const appBanner = bannerEarly
    ? collect(bannerEarly, true).filter((href) => !withEntry.has(href))
    : [];
  // The site's entry is written into every page: no request, no connection of its own before
  // the first paint (docs/decisions/0056-entry-in-the-page.md); `inlineEntryCode` refuses one
  // that imports a chunk. The frame's loader names its module by URL on other sites' pages.
  const entryScript = inline
    ? {
        scripts: [],
        inlineEntry: inlineEntryCode(
          await readFile(path.join(ROOT, 'dist/client', entry.file), 'utf8'),
          entry.file,
        ),
      }
    : { scripts: [`/${entry.file}`] };
  return {
    ...entryScript,
    styles: [`/${sheet.file}`],
    preloads,
    start: startModules,
    catalogues,
    sportsEarly,
    sportsView,
    appBanner,
    navigationKit: collectAll(NAVIGATION_KIT),
    ...(manifest[EDITOR_BRIDGE] ? { editorBridge: `/${manifest[EDITOR_BRIDGE].file}` } : {}),
  };
}

type ServerCommon = Pick<
  Parameters<typeof buildServer>[0],
  'config' | 'origins' | 'readiness' | 'logger'
>;
type Embedded = Awaited<ReturnType<typeof startEmbeddedServices>>;

/** The embedded stand-ins, when a third party is not configured (embedded/README.md). */
async function startStandInsIfNeeded(config: Config): Promise<Embedded | undefined> {
  const needsEmbedded =
    !config.cmsOrigin ||
    !config.videoApiBase ||
    !config.videoPlayerBase ||
    !config.podcastPlayerUrl ||
    !config.bettingWidgetUrl;
  if (!needsEmbedded) return undefined;
  return startEmbeddedServices({
    host: '127.0.0.1',
    port: 0,
    app: config.cmsApp,
    timeZone: config.timeZone,
    anchorDate: config.logicalDate,
    contentDir: path.join(ROOT, 'embedded/cms/content'),
    draftsDir: path.join(ROOT, 'embedded/cms/drafts'),
    // The demo's Pages app frames the site's preview (embedded/README.md).
    ...(config.cmsOrigin
      ? {}
      : {
          pagesApp: {
            siteOrigin: config.publicOrigin,
            token: config.preview?.token ?? DEMO_PREVIEW_TOKEN,
          },
        }),
    // One line per call to the stand-ins: useful when debugging, a cost under load otherwise.
    ...(config.logLevel === 'debug' || config.logLevel === 'trace'
      ? { log: (line: string) => console.log(`[embedded] ${line}`) }
      : {}),
  });
}

/** The stand-in author instance's editor account, which the demo's edit mode uses. */
const DEMO_EDITOR = credentialsOf(STAND_IN_AUTHOR_ACCOUNTS.editor);

/**
 * The demo (no CMS_ORIGIN) has the stand-in's author instance and its drafts: the preview is on
 * with the demo token unless one is set (docs/preview.md "The demo's drafts").
 */
function withDemoPreview(config: Config, embedded: Embedded | undefined): Config {
  if (config.cmsOrigin || !embedded) return config;
  const author = `${embedded.origin}${AUTHOR_PREFIX}`;
  return {
    ...config,
    // The stand-in's Pages app may frame the preview.
    preview: config.preview
      ? {
          ...config.preview,
          cmsOrigin: config.preview.cmsOrigin ?? author,
          frameAncestors: [...config.preview.frameAncestors, embedded.origin],
          // The stand-in's author answers accounts only: its editor's, unless one is given
          // (docs/editing.md, "Author credentials"); never sent to an author set elsewhere.
          credentials:
            config.preview.credentials ?? (config.preview.cmsOrigin ? undefined : DEMO_EDITOR),
        }
      : {
          token: DEMO_PREVIEW_TOKEN,
          cmsOrigin: author,
          frameAncestors: [embedded.origin],
          credentials: DEMO_EDITOR,
        },
  };
}

/**
 * The demo (no CMS_ORIGIN) has the stand-in consent manager unless one is configured, so that
 * `npm start` and the browser tests go through the CMP's path (docs/decisions/0075-operator-cmp.md).
 * Elsewhere an unset `CMP_API_KEY` means the built-in consent store.
 */
function withDemoCmp(config: Config, embedded: Embedded | undefined): Config {
  if (config.cmsOrigin || config.cmp || !embedded) return config;
  const demo = loadConfig(standInCmpVariables(embedded.origin)).cmp;
  return demo ? { ...config, cmp: demo } : config;
}

/** The site with Vite's development server in it: code loaded and transformed per request. */
async function buildDevServer(common: ServerCommon): Promise<FastifyInstance> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    root: ROOT,
    server: { middlewareMode: true },
    appType: 'custom',
  });
  const app = await buildServer({
    ...common,
    dev: true,
    getRender: async () =>
      ((await vite.ssrLoadModule('/src/app/entry-server.tsx')) as { render: Render }).render,
    getAssets: () =>
      Promise.resolve({
        scripts: [`/${CLIENT_ENTRY}`],
        styles: [],
        preloads: [],
        start: [`/${CLIENT_START}`],
        sportsEarly: [`/${SPORTS_AREA_EARLY}`],
        appBanner: [`/${APP_BANNER_EARLY}`],
        editorBridge: `/${EDITOR_BRIDGE}`,
      }),
    getFrameAssets: () =>
      Promise.resolve({ scripts: [`/${FRAME_ENTRY}`], styles: [], preloads: [] }),
    transformHtml: (url, html) => vite.transformIndexHtml(url, html),
    registerStatic: async (instance) => {
      await instance.register((await import('@fastify/middie')).default);
      instance.use(vite.middlewares);
    },
  });
  app.addHook('onClose', () => vite.close());
  return app;
}

/** The site from the built bundle (dist/). */
async function buildProductionServer(common: ServerCommon): Promise<FastifyInstance> {
  const [assets, frameAssets] = await Promise.all([
    productionAssets(CLIENT_ENTRY, { inline: true }),
    productionAssets(FRAME_ENTRY, { inline: false }),
  ]);
  const { render } = await import('../app/entry-server');
  const { registerAssets } = await import('./static');
  const { origins } = common;
  return buildServer({
    ...common,
    getRender: () => Promise.resolve(render),
    // The media host is another origin: its connection starts while the head is parsed.
    getAssets: () => Promise.resolve({ ...assets, preconnect: [new URL(origins.media).origin] }),
    getFrameAssets: () => Promise.resolve(frameAssets),
    registerStatic: (instance) => registerAssets(instance, path.join(ROOT, 'dist/client/assets')),
  });
}

/**
 * SIGTERM (service managers) and SIGINT (Ctrl-C): /readyz answers 503 at once, the listener
 * stays open SHUTDOWN_DELAY_MS so a load balancer stops sending traffic, then a bounded drain
 * and exit (docs/operations.md "Stopping"). A second signal ends the wait, or cuts the drain.
 */
function stopOnSignals(
  app: FastifyInstance,
  config: Config,
  readiness: ReturnType<typeof createReadiness>,
  embedded: Embedded | undefined,
  logOutput: ReturnType<typeof logDestination>,
): void {
  const connections = trackConnections(app.server, {
    graceMs: config.shutdownGraceMs,
    log: app.log,
  });
  const shutdown = (signal: string) => {
    if (readiness.draining) {
      readiness.cutWait();
      connections.forceNow();
      return;
    }
    readiness.startDraining(signal);
    if (config.shutdownDelayMs > 0)
      app.log.info(
        `${signal}: /readyz answers 503; still serving for ${config.shutdownDelayMs} ms before draining`,
      );
    let drained = false;
    void readiness
      .holdOpen(config.shutdownDelayMs)
      .then(() => {
        // The hard bound: nothing still holding the process then (a close that never ends, a
        // log reader that does not read) keeps it (docs/operations.md "Stopping").
        const boundMs = exitBoundMs(config.shutdownGraceMs);
        setTimeout(() => {
          if (!drained) app.log.error(`${signal}: still stopping after ${boundMs} ms, exiting`);
          process.exit(drained ? 0 : 1);
        }, boundMs).unref();
        return connections.drain(signal, async () => {
          // Also closes the metrics listener, once the site's has (src/server/metrics.ts): the
          // drain can be watched to its end.
          await app.close();
          await embedded?.close();
        });
      })
      .then(() => {
        drained = true;
        return logOutput.settle();
      })
      .then(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

async function main(): Promise<void> {
  let config = loadConfigOrExit();
  const dev = process.env.NODE_ENV === 'development';
  installSanitizer(createServerSanitizer());
  // Before anything is written to standard output (the stand-ins' debug lines too).
  const logOutput = logDestination();

  const embedded = await startStandInsIfNeeded(config);
  const standIn = standInOrigins(embedded?.origin ?? '');
  const cms = config.cmsOrigin ?? standIn.cms;
  config = withDemoCmp(withDemoPreview(config, embedded), embedded);
  const origins: Origins = {
    cms,
    media: config.mediaOrigin ?? cms,
    videoApi: config.videoApiBase ?? standIn.videoApi,
    videoPlayer: config.videoPlayerBase ?? standIn.videoPlayer,
    podcastPlayer: config.podcastPlayerUrl ?? standIn.podcastPlayer,
    bettingWidget: config.bettingWidgetUrl ?? standIn.bettingWidget,
  };

  const readiness = createReadiness();
  const logger = { level: config.logLevel, stream: logOutput };
  const common = { config, origins, readiness, logger };
  const app = dev ? await buildDevServer(common) : await buildProductionServer(common);
  stopOnSignals(app, config, readiness, embedded, logOutput);

  await app.listen({ port: config.port, host: config.host });
  if (embedded) app.log.info(`embedded stand-ins at ${embedded.origin}`);
  app.log.info(
    `content service ${cms} (app ${config.cmsApp}); logical date ${config.logicalDate ?? 'now'} in ${config.timeZone}`,
  );
  if (embedded && !config.cmsOrigin)
    app.log.info(`editing in the stand-in Pages app: ${embedded.origin}${AUTHOR_PREFIX}/pages-app`);
  // The demo's token is no secret (it is in the README); a configured one is never logged.
  if (config.preview?.token === DEMO_PREVIEW_TOKEN) {
    app.log.info(
      `editors' preview of the demo's drafts: ${config.publicOrigin}/_preview/fr/tirage-hiver?token=${DEMO_PREVIEW_TOKEN}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error('The site could not start:', error);
  process.exit(1);
});
