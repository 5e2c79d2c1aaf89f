/** The page types every part of the bench measures (bench/README.md), by their labels in its results. */
export const PAGE_TYPES = [
  { label: 'home', path: '/fr/accueil' },
  { label: 'content page with a carousel', path: '/fr/demo/carrousel' },
  { label: 'chronique', path: '/fr/chroniques/bilan-hiver' },
  { label: 'winners', path: '/fr/gagnants' },
  { label: 'winning tickets', path: '/fr/billets-gagnants' },
  { label: 'sports area', path: '/sports/fr' },
  { label: 'error page', path: '/headless/err/503.html' },
  { label: 'not found page', path: '/fr/404.html' },
] as const;
