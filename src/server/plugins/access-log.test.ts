// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { NOWHERE, pluginServer } from '../../../testing/plugins';
import { logLines, testConfig } from '../../../testing/server';
import accessLog from './access-log';

describe('the access-log plugin', () => {
  it('writes one line per request; a passing probe only when debugging', async () => {
    const { lines, stream } = logLines();
    const app = await pluginServer(
      { siteConfig: testConfig(NOWHERE) },
      { logger: { level: 'info', stream } },
    );
    await app.register(accessLog);
    app.get('/*', (request) => {
      request.pageCacheOutcome = 'hit';
      return 'page';
    });
    await app.inject({ url: '/fr/accueil?lot=1' });
    await app.inject({ url: '/livez' });
    const access = lines.filter((line) => line.msg === 'access');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      method: 'GET',
      path: '/fr/accueil',
      status: 200,
      cache: 'hit',
    });
  });
});
