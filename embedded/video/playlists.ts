/** Demo playlists of the video platform stand-in. The content's liste-videos uses DEMO_PLAYLIST_ID. */

export const DEMO_PLAYLIST_ID = 'PLb0r3alD3m0Pl4yl1stVid30s000001';
/** The same videos with English titles: the English pages name this playlist. */
export const DEMO_PLAYLIST_ID_EN = 'PLb0r3alD3m0Pl4yl1stVid30s0000en';
export const DEMO_CHANNEL_ID = 'UCb0r3alD3m0Ch4nn3l00001';
export const DEMO_CHANNEL_TITLE = 'Pari Boréal';

export interface DemoVideo {
  videoId: string;
  title: string;
  description: string;
  publishedAt: string;
}

export const PLAYLISTS: Readonly<Record<string, readonly DemoVideo[]>> = {
  [DEMO_PLAYLIST_ID]: [
    {
      videoId: 'bRl0001aaaa',
      title: 'Les gagnants de la semaine',
      description: 'Retour sur les plus beaux coups de la semaine.',
      publishedAt: '2026-02-20T15:00:00Z',
    },
    {
      videoId: 'bRl0002bbbb',
      title: 'Comprendre les paris combinés',
      description: 'Un combiné, comment ça marche ? Explications en trois minutes.',
      publishedAt: '2026-02-13T15:00:00Z',
    },
    {
      videoId: 'bRl0003cccc',
      title: 'Hockey : les clés du match',
      description: 'Nos analystes présentent le match de samedi.',
      publishedAt: '2026-02-06T15:00:00Z',
    },
    {
      videoId: 'bRl0004dddd',
      title: 'Deleted video',
      description: 'This video is unavailable.',
      publishedAt: '2026-01-30T15:00:00Z',
    },
    {
      videoId: 'bRl0005eeee',
      title: 'Soccer : tour d’horizon européen',
      description: 'Les championnats européens en un coup d’œil.',
      publishedAt: '2026-01-23T15:00:00Z',
    },
    {
      videoId: 'bRl0006ffff',
      title: 'Jouer de façon responsable',
      description: 'Fixer ses limites avant de parier.',
      publishedAt: '2026-01-16T15:00:00Z',
    },
    {
      videoId: 'bRl0007gggg',
      title: 'Football : les séries éliminatoires',
      description: 'Tout savoir avant les séries.',
      publishedAt: '2026-01-09T15:00:00Z',
    },
    {
      videoId: 'bRl0008hhhh',
      title: 'Basketball : la mi-saison',
      description: 'Bilan de mi-saison et favoris.',
      publishedAt: '2026-01-02T15:00:00Z',
    },
    {
      videoId: 'bRl0009iiii',
      title: 'Entrevue avec un grand gagnant',
      description: 'Un gagnant de Montréal raconte son billet.',
      publishedAt: '2025-12-19T15:00:00Z',
    },
    {
      videoId: 'bRl0010jjjj',
      title: 'Baseball : camp d’entraînement',
      description: 'Les équipes à surveiller ce printemps.',
      publishedAt: '2025-12-12T15:00:00Z',
    },
  ],
  [DEMO_PLAYLIST_ID_EN]: [
    {
      videoId: 'bRl1001aaaa',
      title: 'The winners of the week',
      description: 'The best calls of the week, looked back on.',
      publishedAt: '2026-02-20T15:00:00Z',
    },
    {
      videoId: 'bRl1002bbbb',
      title: 'Parlays explained',
      description: 'How does a parlay work? Three minutes to find out.',
      publishedAt: '2026-02-13T15:00:00Z',
    },
    {
      videoId: 'bRl1003cccc',
      title: 'Hockey: keys to the game',
      description: 'Our analysts preview Saturday’s game.',
      publishedAt: '2026-02-06T15:00:00Z',
    },
    {
      videoId: 'bRl1004dddd',
      title: 'Deleted video',
      description: 'This video is unavailable.',
      publishedAt: '2026-01-30T15:00:00Z',
    },
    {
      videoId: 'bRl1005eeee',
      title: 'Soccer: around Europe',
      description: 'The European leagues at a glance.',
      publishedAt: '2026-01-23T15:00:00Z',
    },
    {
      videoId: 'bRl1006ffff',
      title: 'Play responsibly',
      description: 'Set your limits before you bet.',
      publishedAt: '2026-01-16T15:00:00Z',
    },
    {
      videoId: 'bRl1007gggg',
      title: 'Football: the playoffs',
      description: 'All you need to know before the playoffs.',
      publishedAt: '2026-01-09T15:00:00Z',
    },
    {
      videoId: 'bRl1008hhhh',
      title: 'Basketball at mid-season',
      description: 'Mid-season review and favourites.',
      publishedAt: '2026-01-02T15:00:00Z',
    },
    {
      videoId: 'bRl1009iiii',
      title: 'Meet a big winner',
      description: 'A Montreal winner tells the story of his ticket.',
      publishedAt: '2025-12-19T15:00:00Z',
    },
    {
      videoId: 'bRl1010jjjj',
      title: 'Baseball: spring training',
      description: 'The teams to watch this spring.',
      publishedAt: '2025-12-12T15:00:00Z',
    },
  ],
};

export function findVideo(videoId: string): DemoVideo | undefined {
  for (const videos of Object.values(PLAYLISTS)) {
    const found = videos.find((video) => video.videoId === videoId);
    if (found) return found;
  }
  return undefined;
}
