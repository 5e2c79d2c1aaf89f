/** Lots and pages for the modal's tests, around one logical date. */
import type { Component, Lot } from '../src/content/models';
import { fields } from './fields';
import { TEST_NOW } from './today';

export const NOW = TEST_NOW;
const day = (n: number) => new Date(NOW - n * 86_400_000).toISOString();

export function lot(name: string, over: Partial<Lot> = {}): Lot {
  return {
    name,
    dateGain: day(3),
    montantMise: 20,
    montantGain: 1234.56,
    produit: {
      name: 'selection',
      image: { src: '/media/produit.svg', alt: 'Pari Boréal Sélection' },
    },
    sports: [{ name: 'hockey', nomSport: 'Hockey', image: { src: '/logos/hockey.svg', alt: '' } }],
    ...over,
  };
}

export const ticket = (over: Partial<NonNullable<Lot['billet']>> = {}) => ({
  ville: 'Montréal',
  villeEn: 'Montreal',
  image: { src: '/media/billet.svg', alt: '' },
  window: {},
  ...over,
});

export const winner = (over: Partial<NonNullable<Lot['gagnant']>> = {}) => ({
  noms: 'Julie B.',
  region: 'Montréal;Montreal',
  descriptif: '<p>&laquo; Je n’y croyais pas. &raquo; &quot;Incroyable&quot;</p>',
  video: 'bRl0009iiii',
  noteVideo: 'Vidéo tournée avec l’accord du gagnant.',
  window: {},
  ...over,
});

/** Newest first as the lists order them: both, ticket only, winner without video, winner. */
export const LOTS: Lot[] = [
  lot('both', { dateGain: day(1), billet: ticket(), gagnant: winner() }),
  lot('ticket-only', { dateGain: day(2), billet: ticket({ ville: 'Québec', villeEn: undefined }) }),
  lot('no-video', { dateGain: day(3), gagnant: winner({ video: undefined }) }),
  lot('winner-only', { dateGain: day(4), gagnant: winner({ noms: 'Marc T.' }) }),
  lot('too-old', { dateGain: day(52 * 7), billet: ticket(), gagnant: winner() }),
];

export const list = (kind: 'liste-billets' | 'liste-gagnants'): Component => ({
  kind,
  id: kind,
  name: kind,
  fields: fields(),
});
