// @vitest-environment node
/**
 * A block that throws while the server renders is left out of the page, with one warning naming
 * it, instead of failing the whole page (docs/decisions/0064-error-boundaries.md).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { EmbeddedServices } from '../../embedded/server';
import { allBlocks } from '../blocks/all-blocks';
import { provideBlocks } from '../blocks/registry';
import type { BlockProps } from '../blocks/types';
import { logLines, startStandIns, testConfig, testServer } from '../../testing/server';

const TextBlock = allBlocks.texte;

/** The home page's welcome text throws; every other text renders. */
function Breaking(props: BlockProps<'texte'>) {
  if (props.component.fields.texte?.includes('Bienvenue')) throw new Error('broken on purpose');
  return TextBlock ? <TextBlock {...props} /> : null;
}

let embedded: EmbeddedServices;
let app: FastifyInstance | undefined;

beforeAll(async () => {
  embedded = await startStandIns();
});

afterAll(async () => {
  await embedded.close();
});

afterEach(async () => {
  provideBlocks({ texte: TextBlock });
  await app?.close();
});

describe('a block that throws on the server', () => {
  it('is left out of the page, which is served, with one warning naming it', async () => {
    const { lines, stream } = logLines();
    app = await testServer(embedded.origin, {
      config: testConfig(embedded.origin, { ACCESS_LOG_LEVEL: 'silent' }),
      logger: { level: 'info', stream },
    });
    provideBlocks({ texte: Breaking });
    const res = await app.inject({ url: '/fr/accueil' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Bienvenue chez');
    expect(res.body).toContain('Hockey');
    const warnings = lines.filter((l) => l.block === 'texte');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, block: 'texte' });
    expect(String(warnings[0]?.msg)).toBe(
      'block texte failed to render on the server: left out of /fr/accueil',
    );
  });
});
