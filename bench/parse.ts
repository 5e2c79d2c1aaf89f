/**
 * The content boundary's own cost (issue 13, item 1): `npx tsx bench/parse.ts [rounds]` (default
 * 300) reads the demo content's answers once from the embedded stand-ins, then has the content
 * client (src/content/client.ts, no cache) read them again and again from memory: JSON decoding,
 * the rich text sanitised ahead, and the schemas turning nodes into models. It prints the time
 * per answer for each call (the median of five batches) and their sum, the part of a render the content boundary costs.
 */
import { startDemoStandIns } from '../embedded/server';
import { createContentClient, type ContentClient } from '../src/content/client';
import { installSanitizer } from '../src/content/sanitize';
import { createServerSanitizer } from '../src/server/sanitizer';

const rounds = Number(process.argv[2] ?? 300);
const APP = 'pari-boreal';

/** Each call of a render of the bench's page types, as the site makes it. */
const calls: { name: string; run: (client: ContentClient) => Promise<unknown> }[] = [
  { name: 'site fr', run: (c) => c.getSite('fr') },
  { name: 'page /fr/accueil', run: (c) => c.getPage('fr', 'accueil') },
  { name: 'page /fr/gagnants', run: (c) => c.getPage('fr', 'gagnants') },
  { name: 'page /fr/demo/robustesse', run: (c) => c.getPage('fr', 'demo/robustesse') },
  { name: 'page chronique', run: (c) => c.getPage('fr', 'chroniques/bilan-hiver') },
  { name: 'lots fr', run: (c) => c.getLots('fr') },
  { name: 'chroniques fr', run: (c) => c.getChronicles('fr') },
  { name: 'decor tiles', run: (c) => c.getDecorTiles() },
];

installSanitizer(createServerSanitizer());
const services = await startDemoStandIns('2026-11-21 12:00');
try {
  // Every answer read once over HTTP, then served from memory: the figures are the client's.
  const answers = new Map<string, string>();
  const recorder = createContentClient({
    origin: services.origin,
    app: APP,
    media: services.origin,
    timeoutMs: 5000,
    warn: () => undefined,
    fetcher: async (input, init) => {
      const response = await fetch(input, init);
      const body = await response.text();
      answers.set(input, body);
      return new Response(body, { status: response.status, headers: response.headers });
    },
  });
  for (const call of calls) await call.run(recorder);
  let warnings = 0;
  const client = createContentClient({
    origin: services.origin,
    app: APP,
    media: services.origin,
    timeoutMs: 5000,
    richTextMaxBytes: 256 * 1024,
    warn: () => {
      warnings += 1;
    },
    fetcher: (input) => {
      const body = answers.get(input);
      return Promise.resolve(
        new Response(body ?? '{}', {
          status: body === undefined ? 404 : 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    },
  });
  for (const call of calls) for (let i = 0; i < 30; i++) await call.run(client); // warm-up
  // The median of five batches: one batch alone moves by 10 % with what else the machine does.
  let total = 0;
  for (const call of calls) {
    const batches: number[] = [];
    for (let b = 0; b < 5; b++) {
      const start = performance.now();
      for (let i = 0; i < rounds; i++) await call.run(client);
      batches.push((performance.now() - start) / rounds);
    }
    const ms = batches.sort((x, y) => x - y)[2] ?? 0;
    total += ms;
    console.log(`${call.name.padEnd(28)} ${ms.toFixed(3)} ms`);
  }
  console.log(
    `${'sum of the calls'.padEnd(28)} ${total.toFixed(3)} ms (median of 5 batches of ${rounds})`,
  );
  console.log(`warnings during the rounds: ${warnings}`);
} finally {
  await services.close();
}
