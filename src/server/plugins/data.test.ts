// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ContentClient } from '../../content/client';
import { serviceErrorPath } from '../../domain/routes';
import { pluginServer } from '../../../testing/plugins';
import data from './data';
import errors from './errors';

/** A content client whose site node fails, counting its calls. */
function failingContent() {
  const calls: string[] = [];
  const content = {
    getSite: (lang: string) => {
      calls.push(lang);
      return Promise.reject(new Error('content service down'));
    },
  };
  return { calls, content: content as unknown as ContentClient };
}

async function server() {
  const { calls, content } = failingContent();
  const app = await pluginServer({ content });
  await app.register(errors);
  await app.register(data);
  return { app, calls };
}

describe('the data plugin', () => {
  it('refuses a query its schema does not take before reading any content', async () => {
    const { app, calls } = await server();
    for (const [url, param] of [
      ['/_data/view', 'path'],
      ['/_data/view?path=//evil.example/', 'path'],
      ['/_data/view?path=/a&path=/b', 'path'],
      ['/_data/site?lang=de', 'lang'],
      ['/_data/site?lang=fr&lang=en', 'lang'],
      ['/_data/chronicles', 'lang'],
      ['/_data/lots?lang=fr&lists=billet&lists=gagnant', 'lists'],
      ['/_data/lots?lang=fr&lists=other', 'lists'],
    ] as const) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.json<{ error: string }>().error, url).toMatch(
        new RegExp(`^query "${param}" must `),
      );
    }
    expect(calls).toEqual([]);
  });

  it("leaves the site's own failures to the site's error handler", async () => {
    const { app, calls } = await server();
    const res = await app.inject({ url: '/_data/site?lang=fr' });
    expect([res.statusCode, res.headers.location]).toEqual([302, serviceErrorPath('fr')]);
    expect(calls.length).toBeGreaterThan(0);
  });
});
