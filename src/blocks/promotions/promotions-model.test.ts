import { describe, expect, it } from 'vitest';
import type { Promotion } from '../../content/models';
import { FUTURE, NOW, PAST } from '../../../testing/blocks';
import { promotionImages, promotionTheme, promotionsView } from './promotions-model';

const img = (name: string) => ({ src: `https://m.example/${name}`, alt: name });
const promo = (id: string, over: Partial<Promotion> = {}): Promotion => ({
  id,
  position: 'left',
  titre: id,
  imageGauche: img('gauche'),
  imageDroite: img('droite'),
  imageMobile: img('mobile'),
  imageTerminee: img('terminee'),
  window: {},
  ...over,
});

describe('promotionsView', () => {
  const outside = [
    promo('later', { window: { start: FUTURE } }),
    promo('over', { window: { start: PAST, end: PAST } }),
  ];
  it('lists only the items within their display window, in order', () => {
    const view = promotionsView(
      'enCours',
      [promo('a'), ...outside, promo('b', { window: { start: PAST, end: FUTURE } })],
      NOW,
    );
    expect(view.kind === 'list' && view.items.map((p) => p.id)).toEqual(['a', 'b']);
  });
  it('says "no promotions underway" for an empty running list', () => {
    expect(promotionsView('enCours', [], NOW)).toEqual({ kind: 'empty' });
    expect(promotionsView('enCours', outside, NOW)).toEqual({ kind: 'empty' });
  });
  it('hides the whole block for an empty ended list', () => {
    expect(promotionsView('terminee', [], NOW)).toEqual({ kind: 'hidden' });
    expect(promotionsView('terminee', outside, NOW)).toEqual({ kind: 'hidden' });
  });
  it('starts at the start (inclusive) and stops at the end (exclusive)', () => {
    const at = new Date(NOW).toISOString();
    expect(promotionsView('enCours', [promo('s', { window: { start: at } })], NOW).kind).toBe(
      'list',
    );
    expect(promotionsView('enCours', [promo('e', { window: { end: at } })], NOW).kind).toBe(
      'empty',
    );
  });
});

describe('promotionTheme', () => {
  it('maps known themes onto the palette, whatever their case or accents', () => {
    expect(promotionTheme('hockey')).toBe('hockey');
    expect(promotionTheme(' Soccer ')).toBe('soccer');
    expect(promotionTheme('bleu')).toBe('bleu');
    expect(promotionTheme('OR')).toBe('or');
    expect(promotionTheme('Foncé')).toBe('bleu');
  });
  it('falls back to the default for an unknown or absent theme', () => {
    expect(promotionTheme('tennis')).toBe('default');
    expect(promotionTheme(undefined)).toBe('default');
    expect(promotionTheme('')).toBe('default');
  });
});

describe('promotionImages', () => {
  it('takes the image of its side on large screens and the mobile one on phones', () => {
    expect(promotionImages(promo('l'), 'enCours')).toEqual({
      large: img('gauche'),
      mobile: img('mobile'),
    });
    expect(promotionImages(promo('r', { position: 'right' }), 'enCours')).toEqual({
      large: img('droite'),
      mobile: img('mobile'),
    });
  });
  it('takes the ended image for an ended promotion', () => {
    expect(promotionImages(promo('t'), 'terminee')).toEqual({ large: img('terminee') });
  });
  it('falls back to another image when one is missing', () => {
    expect(promotionImages(promo('x', { imageGauche: undefined }), 'enCours').large).toEqual(
      img('droite'),
    );
    expect(
      promotionImages(promo('y', { imageGauche: undefined, imageDroite: undefined }), 'enCours'),
    ).toEqual({ large: img('mobile'), mobile: undefined });
    expect(promotionImages(promo('z', { imageTerminee: undefined }), 'terminee')).toEqual({
      large: img('gauche'),
      mobile: img('mobile'),
    });
  });
});
