import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BlockFields, Component } from '../content/models';
import { FirstScreenContext } from '../ui/first-screen';
import { NowContext } from '../ui/now';
import { Components } from './Components';
import { fields } from '../../testing/fields';
import { TEST_NOW } from '../../testing/today';

const card = (id: string, title: string, over: Partial<BlockFields> = {}): Component => ({
  kind: 'carte',
  id,
  name: id,
  fields: fields({ title, ...over }),
});

const NOW = TEST_NOW;

function html(list: Component[]): string {
  return renderToStaticMarkup(
    <NowContext.Provider value={NOW}>
      <Components list={list} />
    </NowContext.Provider>,
  );
}

describe('block rendering through the registry', () => {
  it('nests heading levels: section title h2, its cards h3, their text one deeper', () => {
    const out = html([
      {
        kind: 'section',
        id: 's',
        name: 's',
        fields: fields({ title: 'Section' }),
        children: [
          {
            kind: 'rangee',
            id: 'r',
            name: 'r',
            fields: fields(),
            widths: [6, 6],
            columns: [[card('a', 'Carte A')], []],
          },
        ],
      },
      card('top', 'Top card'),
    ]);
    expect(out).toContain('<h2 class="_title');
    expect(out).toMatch(/<h3[^>]*>Carte A<\/h3>/);
    expect(out).toMatch(/<h2[^>]*>Top card<\/h2>/);
  });

  it('gives row columns their grid classes (6 on large screens past two columns)', () => {
    const out = html([
      {
        kind: 'rangee',
        id: 'r',
        name: 'r',
        fields: fields(),
        widths: [4, 4, 4],
        columns: [[card('a', 'A')], [card('b', 'B')], [card('c', 'C')]],
      },
    ]);
    expect(out.match(/class="col-12 col-md-4 col-lg-6 grid-col"/g)).toHaveLength(3);
  });

  it('hides a component outside its display window', () => {
    const out = html([
      card('past', 'Ended', { window: { end: new Date(NOW).toISOString() } }),
      card('now', 'Started', { window: { start: new Date(NOW).toISOString() } }),
    ]);
    expect(out).not.toContain('Ended');
    expect(out).toContain('Started');
  });

  it('renders a kind that has no page block as nothing', () => {
    // Header messages are rendered by the header, never as page blocks.
    expect(
      html([{ kind: 'message', id: 'm', name: 'm', fields: fields({ texte: '<p>x</p>' }) }]),
    ).toBe('');
  });

  it('gives an image its phone variant by screen size and keeps analytics labels', () => {
    const out = html([
      {
        kind: 'image',
        id: 'i',
        name: 'i',
        image: { src: 'https://m.example/a', alt: 'Alt' },
        fields: fields({
          imageMobile: { src: 'https://m.example/m', alt: '' },
          labelStatsGA: 'promo-top',
        }),
      },
    ]);
    expect(out).toContain('<source media="(max-width: 767.98px)" srcSet="https://m.example/m"/>');
    expect(out).toContain('alt="Alt"');
    expect(out).toContain('data-stats-ga="promo-top"');
  });
});

describe('images on the first screen (src/ui/first-screen.tsx)', () => {
  const photo = (name: string) => ({ src: `https://media.test/${name}.jpg`, alt: name });
  const withImage = (id: string) => card(id, id, { image: photo(id) });

  /** Each image's alt with its loading and priority, in page order. */
  function loadingOf(list: Component[]): string[] {
    const out = renderToStaticMarkup(
      <NowContext.Provider value={NOW}>
        <FirstScreenContext.Provider value>
          <Components list={list} />
        </FirstScreenContext.Provider>
      </NowContext.Provider>,
    );
    return [...out.matchAll(/<img [^>]*>/g)].map(([tag]) => {
      const alt = /alt="([^"]*)"/.exec(tag)?.[1] ?? '';
      const loading = /loading="([^"]*)"/.exec(tag)?.[1] ?? '';
      return `${alt} ${loading}${tag.includes('fetchPriority="high"') ? ' high' : ''}`;
    });
  }

  it('gives the opener the priority, the first image after it eager, the rest lazy', () => {
    const opener: Component = {
      kind: 'image',
      id: 'opener',
      name: 'opener',
      fields: fields(),
      image: photo('opener'),
    };
    const follower: Component = {
      kind: 'section',
      id: 's',
      name: 's',
      fields: fields(),
      children: [
        { kind: 'texte', id: 't', name: 't', fields: fields({ title: 'Bienvenue' }) },
        {
          kind: 'rangee',
          id: 'r',
          name: 'r',
          fields: fields(),
          widths: [6, 6],
          columns: [[withImage('first-column')], [withImage('second-column')]],
        },
        withImage('below-the-row'),
      ],
    };
    // Text before it is skipped; the row's first column only; nothing after the follower.
    expect(loadingOf([opener, follower, withImage('third')])).toEqual([
      'opener eager high',
      'first-column eager',
      'second-column lazy',
      'below-the-row lazy',
      'third lazy',
    ]);
  });
});
