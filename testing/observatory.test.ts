import { describe, expect, it } from 'vitest';
import { gradeOf, observatoryScore, type ObservedResponse } from './observatory';

const page = (headers: ObservedResponse['headers'], body = ''): ObservedResponse => ({
  url: 'https://www.example.com/',
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
  body,
});

const modifiers = (response: ObservedResponse) =>
  Object.fromEntries(observatoryScore(response).results.map((r) => [r.test, r.modifier]));

describe('the Observatory score', () => {
  it('fails a site with no security header at all', () => {
    const result = observatoryScore(page({}));
    // CSP -25, X-Content-Type-Options -5, X-Frame-Options -20, HSTS -20.
    expect(result.score).toBe(30);
    expect(result.grade).toBe('D');
  });

  it('gives A+ with bonuses to a strict set of headers', () => {
    const result = observatoryScore(
      page({
        'content-security-policy': "default-src 'none'; script-src 'self'; frame-ancestors 'none'",
        'strict-transport-security': 'max-age=63072000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cross-origin-resource-policy': 'same-origin',
      }),
    );
    // CSP default-src 'none' +10, referrer +5, framing via CSP +5, CORP +10.
    expect(result.score).toBe(130);
    expect(result.grade).toBe('A+');
  });

  it('counts no bonus below 90', () => {
    const result = observatoryScore(
      page({
        'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-inline'",
        'strict-transport-security': 'max-age=3600',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'x-frame-options': 'DENY',
        'cross-origin-resource-policy': 'same-origin',
      }),
    );
    // CSP unsafe-inline -20, HSTS under six months -10: 70, the +15 of bonuses not counted.
    expect(result.score).toBe(70);
    expect(result.grade).toBe('B');
  });

  it('penalises what the rules name', () => {
    expect(
      modifiers(page({ 'content-security-policy': "default-src 'self'; object-src *" })),
    ).toMatchObject({
      'content-security-policy': -20,
    });
    expect(
      modifiers(page({ 'content-security-policy': "default-src 'self'; img-src http:" })),
    ).toMatchObject({ 'content-security-policy': -10 });
    expect(
      modifiers(
        page(
          {},
          '<script src="https://cdn.example.net/a.js"></script><script src="/own.js"></script>',
        ),
      ),
    ).toMatchObject({ 'subresource-integrity': -5 });
    expect(modifiers(page({}, '<script src="//cdn.example.net/a.js"></script>'))).toMatchObject({
      'subresource-integrity': -50,
    });
    expect(
      modifiers(
        page({
          'set-cookie': 'sessionid=1; Path=/',
          'strict-transport-security': 'max-age=63072000',
        }),
      ),
    ).toMatchObject({ cookies: -10 });
    expect(modifiers(page({ 'referrer-policy': 'unsafe-url' }))).toMatchObject({
      'referrer-policy': -5,
    });
    expect(modifiers(page({ 'cross-origin-resource-policy': 'anyone' }))).toMatchObject({
      'cross-origin-resource-policy': -5,
    });
    expect(modifiers(page({ 'strict-transport-security': 'max-age=1, max-age=2' }))).toMatchObject({
      'strict-transport-security': -20,
    });
    const redirect: ObservedResponse = {
      url: 'https://www.example.com/',
      status: 302,
      headers: { location: 'http://www.example.com/fr' },
    };
    expect(modifiers(redirect)).toMatchObject({ redirection: -20 });
    expect(modifiers({ ...redirect, headers: { location: '/fr' } })).toMatchObject({
      redirection: 0,
    });
  });

  it('grades by steps of five', () => {
    expect([135, 100, 99, 90, 89, 84, 70, 64, 59, 44, 31, 25, 24, 0].map(gradeOf)).toEqual([
      'A+',
      'A+',
      'A',
      'A',
      'A-',
      'B+',
      'B',
      'C+',
      'C',
      'D+',
      'D',
      'D-',
      'F',
      'F',
    ]);
  });
});
