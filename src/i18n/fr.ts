/** French texts. Keys follow the content team's names (`entete.erreurs.services`, ...). */
export const fr = {
  'site.langue.autre': 'English',
  'site.langue.autre.court': 'EN',
  'site.langue.autre.aria': 'Read this page in English',
  'site.logo.aria': 'Accueil des paris sportifs',
  'site.dateLogique': 'Date logique : {{date}}',
  'site.chargement': 'Chargement de la page…',
  'site.evitement': 'Aller au contenu',
  'site.nouvelleFenetre': '(s’ouvre dans une nouvelle fenêtre)',
  'erreur.titre': 'Oups... Erreur {{code}}',
  'erreur.message':
    'La page ou la fonction que vous cherchez a été retirée ou n’est pas fonctionnelle pour le moment.',
  'erreur.retour': 'Retour à l’accueil des paris sportifs',
  'erreur.titrePage': 'Erreur {{code}}',
  'pied.age': '18+',
  'pied.age.aria': 'Réservé aux personnes de 18 ans et plus',
  'pied.copyright': '© {{year}} {{brand}}. Tous droits réservés.',
  'contenu.aucun': 'Aucun contenu pour le moment.',
  'chronique.par': 'Par {{nom}}',
  'sports.titre': 'Paris sportifs',
  'sports.chargement': 'Chargement des paris sportifs…',
} as const;
