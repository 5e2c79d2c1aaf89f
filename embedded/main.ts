/** `npm run cms`: runs the embedded stand-ins until SIGINT/SIGTERM. */
import { FAULTS, isFault } from './cms/faults';
import { startEmbeddedServices } from './server';

async function main(): Promise<void> {
  const env = process.env;
  const port = Number(env.CMS_PORT ?? 3001);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`CMS_PORT "${env.CMS_PORT ?? ''}": expected a port number`);
  const fault = env.CMS_FAULT ?? 'none';
  if (!isFault(fault))
    throw new Error(`CMS_FAULT "${fault}": expected one of ${FAULTS.join(', ')}`);
  const app = env.CMS_APP ?? 'pari-boreal';
  const logicalDate = env.LOGICAL_DATE?.trim();
  const services = await startEmbeddedServices({
    host: env.HOST ?? '127.0.0.1',
    port,
    app,
    timeZone: env.SITE_TIMEZONE ?? 'America/Toronto',
    anchorDate: logicalDate === undefined || logicalDate === '' ? undefined : logicalDate,
    fault,
    log: env.CMS_LOG === 'false' ? undefined : (line) => console.log(line),
    contentDir:
      env.CMS_CONTENT_DIR === undefined || env.CMS_CONTENT_DIR === ''
        ? undefined
        : env.CMS_CONTENT_DIR,
  });
  console.log(`Embedded services at ${services.origin}`);
  console.log(`  content:  ${services.origin}/.rest/${app}/listerTout/${app}?lang=fr`);
  console.log(`  video:    ${services.origin}/video-api/`);
  console.log(
    `  players:  ${services.origin}/video-player/embed/  ${services.origin}/podcast-player/`,
  );
  if (fault !== 'none') console.log(`  fault mode on content calls: ${fault}`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    services.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
