import type { Messages } from './catalogue';

/** English texts: the type makes a missing or extra key a compile error. */
export const en: Messages = {
  'site.langue.autre': 'Français',
  'site.langue.autre.court': 'FR',
  'site.langue.autre.aria': 'Lire cette page en français',
  'site.logo.aria': 'Sports betting home',
  'site.dateLogique': 'Logical date: {{date}}',
  'site.chargement': 'Loading the page…',
  'site.evitement': 'Skip to content',
  'site.nouvelleFenetre': '(opens in a new window)',
  'erreur.titre': 'Oops... Error {{code}}',
  'erreur.message':
    'The page or function you are looking for has been removed or is not working at the moment.',
  'erreur.retour': 'Back to the sports betting home',
  'erreur.titrePage': 'Error {{code}}',
  'pied.age': '18+',
  'pied.age.aria': 'For people aged 18 and over only',
  'pied.copyright': '© {{year}} {{brand}}. All rights reserved.',
  'contenu.aucun': 'No content at the moment.',
  'chronique.par': 'By {{nom}}',
  'sports.titre': 'Sports betting',
  'sports.chargement': 'Loading sports betting…',
};
