import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Component } from '../../content/models';
import { Providers, fields, FUTURE, PAST } from '../../../testing/blocks';
import { Offers } from './Offers';
import styles from './Offers.module.css';

type Off = Extract<Component, { kind: 'offres' }>;
const offers = (over: Partial<Off> = {}): Off => ({
  kind: 'offres',
  id: 'o',
  name: 'o',
  fields: fields(),
  colonnesMobile: 1,
  colonnesTablette: 2,
  colonnesBureau: 3,
  offers: [1, 2, 3].map((n) => ({
    id: `c${n}`,
    fields: fields({ title: `Offer ${n}`, lien: '/fr/promotions', texteLien: 'Go' }),
  })),
  ...over,
});

const html = (component: Off, locale: 'fr' | 'en' = 'fr') =>
  renderToStaticMarkup(
    <Providers locale={locale}>
      <Offers component={component} />
    </Providers>,
  );

describe('offers block', () => {
  it('gives every card its width class per breakpoint, with no style attribute', () => {
    const out = html(offers());
    const classes = `${styles.item} ${styles.m12} ${styles.t6} ${styles.d4}`;
    expect(out.split(`<li class="${classes}">`)).toHaveLength(4);
    expect(out).not.toContain('style=');
  });

  it('follows other counts', () => {
    const out = html(offers({ colonnesMobile: 2, colonnesTablette: 3, colonnesBureau: 4 }));
    expect(out).toContain(`${styles.m6} ${styles.t4} ${styles.d3}`);
  });

  it('shows the cards with the card look, titles one level under the block', () => {
    const out = html(offers());
    expect(out).toMatch(/<h2[^>]*>Offer 1<\/h2>/);
    expect(out).toContain('>Go</a>');
  });

  it('leaves out offers outside their display window', () => {
    const out = html(
      offers({
        offers: [
          { id: 'a', fields: fields({ title: 'Ended', window: { end: PAST } }) },
          { id: 'b', fields: fields({ title: 'Later', window: { start: FUTURE } }) },
          { id: 'c', fields: fields({ title: 'Now', window: { start: PAST } }) },
        ],
      }),
    );
    expect(out).not.toContain('Ended');
    expect(out).not.toContain('Later');
    expect(out).toContain('Now');
  });

  it('says so when there is no offer, in both languages', () => {
    expect(html(offers({ offers: [] }))).toContain('Aucune offre pour le moment.');
    expect(html(offers({ offers: [] }), 'en')).toContain('No offers at the moment.');
  });
});
