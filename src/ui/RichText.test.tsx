// @vitest-environment happy-dom
/**
 * Editors' rich text in an editor's preview (docs/preview.md "Never logged, never handed on"):
 * each of its links says `rel="noreferrer"`, whether the server renders it or the browser draws
 * it with its own sanitiser; on the site's pages the links stay as the sanitiser left them.
 */
import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NoReferrerContext } from './link-base';
import { RichText } from './RichText';

const HTML =
  '<p>Voyez <a href="/fr/promotions">nos promotions</a> et <a href="https://x.example/" rel="nofollow">ceci</a>.</p>';

const text = (preview: boolean) => (
  <NoReferrerContext.Provider value={preview ? 'noreferrer' : undefined}>
    <RichText html={HTML} />
  </NoReferrerContext.Provider>
);

const rels = (container: ParentNode) =>
  [...container.querySelectorAll('a')].map((a) => a.getAttribute('rel'));

describe('rich text links', () => {
  it('say noreferrer in a preview, drawn by the browser', () => {
    const { container } = render(text(true));
    expect(rels(container)).toEqual(['noreferrer', 'nofollow noreferrer']);
  });

  it('say noreferrer in a preview, rendered by the server', () => {
    const page = document.createElement('div');
    page.innerHTML = renderToString(text(true));
    expect(rels(page)).toEqual(['noreferrer', 'nofollow noreferrer']);
  });

  it('stay as the sanitiser left them on the site’s pages', () => {
    const { container } = render(text(false));
    expect(rels(container)).toEqual([null, 'nofollow']);
  });
});
