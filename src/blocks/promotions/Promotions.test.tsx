// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Component, Promotion } from '../../content/models';
import { Providers, fields, FUTURE } from '../../../testing/blocks';
import { Promotions } from './Promotions';
import styles from './Promotions.module.css';

type Promos = Extract<Component, { kind: 'promotions' }>;
const img = (name: string) => ({ src: `https://m.example/${name}`, alt: `Alt ${name}` });
const item = (id: string, over: Partial<Promotion> = {}): Promotion => ({
  id,
  theme: 'hockey',
  position: 'left',
  surTitre: 'Nouveau',
  titre: `Titre ${id}`,
  information: '<p>Mise <strong>remboursée</strong></p>',
  imageGauche: img('gauche'),
  imageDroite: img('droite'),
  imageMobile: img('mobile'),
  imageTerminee: img('terminee'),
  window: {},
  ...over,
});
const block = (typePromotions: Promos['typePromotions'], items: Promotion[]): Promos => ({
  kind: 'promotions',
  id: 'p',
  name: 'p',
  fields: fields(),
  typePromotions,
  items,
});
const html = (component: Promos, locale: 'fr' | 'en' = 'fr') =>
  renderToStaticMarkup(
    <Providers locale={locale}>
      <Promotions component={component} />
    </Providers>,
  );

describe('promotions block', () => {
  it('shows over-title, title, information and the images of a running promotion', () => {
    const out = html(block('enCours', [item('a')]));
    expect(out).toContain('Nouveau');
    expect(out).toMatch(/<h2[^>]*>Titre a<\/h2>/);
    expect(out).toContain('Mise <strong>remboursée</strong>');
    expect(out).toContain(
      '<source media="(max-width: 767.98px)" srcSet="https://m.example/mobile"/>',
    );
    expect(out).toContain('src="https://m.example/gauche"');
    expect(out).not.toContain('droite');
  });

  it('puts the image on the right side with the right image', () => {
    const out = html(block('enCours', [item('r', { position: 'right' })]));
    expect(out).toContain(styles.right);
    expect(out).toContain('src="https://m.example/droite"');
  });

  it('gives each theme its class, unknown themes the default one', () => {
    expect(html(block('enCours', [item('s', { theme: 'soccer' })]))).toContain(styles.themeSoccer);
    expect(html(block('enCours', [item('u', { theme: 'tennis' })]))).toContain(styles.themeDefault);
  });

  it('shows the ended image for ended promotions', () => {
    const out = html(block('terminee', [item('t')]));
    expect(out).toContain('src="https://m.example/terminee"');
    expect(out).not.toContain('gauche');
    expect(out).toContain(styles.ended);
  });

  it('leaves out items outside their window', () => {
    const out = html(block('enCours', [item('now'), item('later', { window: { start: FUTURE } })]));
    expect(out).toContain('Titre now');
    expect(out).not.toContain('Titre later');
  });

  it('says "no promotions underway" for an empty running list, in both languages', () => {
    const empty = block('enCours', [item('later', { window: { start: FUTURE } })]);
    expect(html(empty)).toContain('Aucune promotion en cours pour le moment.');
    expect(html(empty, 'en')).toContain('No promotions underway at the moment.');
  });

  it('renders nothing at all for an empty ended list', () => {
    expect(html(block('terminee', [item('later', { window: { start: FUTURE } })]))).toBe('');
    expect(html(block('terminee', []))).toBe('');
  });
});
