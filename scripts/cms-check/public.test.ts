/**
 * The line for an endpoint that gives no usable answer (issue 42 item 9): why, and the fix that
 * names the endpoint's definition in the module, on the public or the author instance.
 */
import { describe, expect, it } from 'vitest';
import { endpointFailure } from './public';

const failure = (status: number) =>
  ({ ok: false, reason: 'status', url: 'u', message: `HTTP ${status}`, status }) as const;

describe('endpoint failure', () => {
  it('names the definition of a missing endpoint, public or author', () => {
    for (const check of ['listerLots?lang=fr', 'author listerPages/accueil?lang=fr']) {
      const line = endpointFailure(check, failure(404), 'pari-boreal', 1000);
      expect(line.fix).toContain(
        `restEndpoints/delivery/${check.includes('Lots') ? 'listerLots' : 'listerPages'}.yaml`,
      );
    }
  });

  it('says a 401 or 403 is the anonymous role, with the path to open', () => {
    const line = endpointFailure('listerTout/pari-boreal?lang=fr', failure(403), 'pari-boreal', 1);
    expect(line.text).toBe('closed to anonymous visitors (HTTP 403).');
    expect(line.fix).toContain('Get on /.rest/pari-boreal/*');
  });
});
