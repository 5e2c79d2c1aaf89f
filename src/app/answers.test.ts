import { describe, expect, it } from 'vitest';
import { checkChroniclesAnswer } from './answer-format';
import { checkFrameData, checkLoadResult, checkSiteState } from './answers';
import { ANSWER_FORMAT } from './state';
import { TEST_LOGICAL_DATE } from '../../testing/today';

const format = ANSWER_FORMAT;
const contentView = {
  format,
  type: 'view',
  status: 200,
  state: {
    path: '/fr/accueil',
    locale: 'fr',
    view: { kind: 'content', page: { components: [], meta: {} }, alternate: '/en/home', data: {} },
  },
};

describe('checkLoadResult', () => {
  it('takes the answers the server writes', () => {
    expect(checkLoadResult(contentView).ok).toBe(true);
    expect(
      checkLoadResult({ format, type: 'redirect', location: '/fr/404.html', status: 302 }),
    ).toMatchObject({
      ok: true,
      value: { type: 'redirect', location: '/fr/404.html', status: 302 },
    });
    for (const view of [
      { kind: 'error', code: 503 },
      { kind: 'sports' },
      { kind: 'site-map', groups: [] },
    ]) {
      const answer = { ...contentView, state: { ...contentView.state, view } };
      expect(checkLoadResult(answer).ok, view.kind).toBe(true);
    }
  });

  it('tells another release by its format', () => {
    expect(checkLoadResult({ ...contentView, format: format + 1 })).toMatchObject({
      ok: false,
      reason: 'format',
    });
  });

  it.each([
    ['an HTML page read as text', '<html>Bad gateway</html>'],
    ['null', null],
    ['an array', [contentView]],
    ['no format', { ...contentView, format: undefined }],
    ['a format as text', { ...contentView, format: String(format) }],
    ['an unknown type', { ...contentView, type: 'page' }],
    [
      'a redirect off the site',
      { format, type: 'redirect', location: '//evil.example/', status: 302 },
    ],
    [
      'a redirect with status 200',
      { format, type: 'redirect', location: '/fr/accueil', status: 200 },
    ],
    ['a view without state', { ...contentView, state: undefined }],
    [
      'a view in another language',
      { ...contentView, state: { ...contentView.state, locale: 'de' } },
    ],
    [
      'an unknown view kind',
      { ...contentView, state: { ...contentView.state, view: { kind: 'x' } } },
    ],
    [
      'a content view without components',
      {
        ...contentView,
        state: { ...contentView.state, view: { kind: 'content', page: {}, data: {} } },
      },
    ],
    [
      'an error view without code',
      { ...contentView, state: { ...contentView.state, view: { kind: 'error' } } },
    ],
  ])('refuses %s as not ours', (_what, json) => {
    expect(checkLoadResult(json)).toMatchObject({ ok: false, reason: 'shape' });
  });
});

describe('checkSiteState', () => {
  it('takes a site of the language asked for, or its recorded failure', () => {
    expect(checkSiteState({ format, locale: 'en', status: 'ok', site: {} }, 'en').ok).toBe(true);
    expect(checkSiteState({ format, locale: 'en', status: 'error' }, 'en').ok).toBe(true);
  });

  it('refuses another language, a missing site and another format', () => {
    expect(checkSiteState({ format, locale: 'fr', status: 'ok', site: {} }, 'en').ok).toBe(false);
    expect(checkSiteState({ format, locale: 'en', status: 'ok' }, 'en').ok).toBe(false);
    expect(checkSiteState({ format: 0, locale: 'en', status: 'error' }, 'en')).toMatchObject({
      reason: 'format',
    });
  });
});

describe('checkFrameData', () => {
  const frame = {
    format,
    config: { timeZone: 'America/Toronto' },
    logicalDate: TEST_LOGICAL_DATE,
    site: { locale: 'fr', status: 'ok', site: {} },
  };

  it('takes the frame data the server writes', () => {
    expect(checkFrameData(frame, 'fr').ok).toBe(true);
  });

  it('refuses it without config, date or a site of the language', () => {
    expect(checkFrameData({ ...frame, config: undefined }, 'fr').ok).toBe(false);
    expect(checkFrameData({ ...frame, logicalDate: 20261121 }, 'fr').ok).toBe(false);
    expect(checkFrameData(frame, 'en').ok).toBe(false);
  });
});

describe('checkChroniclesAnswer', () => {
  const card = { id: 'c', title: 'T', summary: 'S…', href: '/fr/chroniques/c', newWindow: false };

  it('takes the cards, and null when the content service failed', () => {
    expect(checkChroniclesAnswer({ format: ANSWER_FORMAT, chronicles: [card] })).toEqual({
      ok: true,
      value: [card],
    });
    expect(checkChroniclesAnswer({ format: ANSWER_FORMAT, chronicles: null })).toEqual({
      ok: true,
      value: null,
    });
  });

  it('refuses another format, a missing list and a card without its text fields', () => {
    expect(checkChroniclesAnswer({ format: ANSWER_FORMAT - 1, chronicles: [card] }).ok).toBe(false);
    expect(checkChroniclesAnswer({ format: ANSWER_FORMAT }).ok).toBe(false);
    const broken = checkChroniclesAnswer({
      format: ANSWER_FORMAT,
      chronicles: [card, { ...card, href: 3 }],
    });
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.detail).toMatch(/chronicle 1/);
  });
});
