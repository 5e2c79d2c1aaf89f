/**
 * A page template's address (issue 42 item 9): `{baseUrl}{routeTemplate}` must lead the Pages
 * app to the site's node-path entry with the preview token (docs/editing.md).
 */
import { describe, expect, it } from 'vitest';
import { addressProblems } from './author';

const ROUTE = '/{language}{{@path}}?token=T0K3N';

describe('page template address', () => {
  it('accepts the node-path entry of any site, context path or trailing slash aside', () => {
    expect(addressProblems('https://www.pari.example/_preview/node', ROUTE)).toEqual([]);
    expect(addressProblems('https://www.pari.example/site/_preview/node/', ROUTE)).toEqual([]);
  });

  it.each([
    ['https://www.example.com/preview', ROUTE, 'does not end with /_preview/node'],
    ['/_preview/node', ROUTE, 'is no absolute URL'],
    ['ftp://x/_preview/node', ROUTE, 'is not http(s)'],
    [undefined, ROUTE, 'it has no baseUrl'],
    ['https://s.example/_preview/node', undefined, 'it has no routeTemplate'],
    [
      'https://s.example/_preview/node',
      '{{@path}}?token=T',
      'does not start with /{language}{{@path}}',
    ],
    ['https://s.example/_preview/node', '/{language}{{@path}}', 'carries no token='],
    [
      'https://s.example/_preview/node',
      '/{language}{{@path}}?token=CHANGE-ME',
      'placeholder token',
    ],
  ])('refuses baseUrl %j with routeTemplate %j', (baseUrl, route, problem) => {
    expect(addressProblems(baseUrl, route).join('; ')).toContain(problem);
  });
});
