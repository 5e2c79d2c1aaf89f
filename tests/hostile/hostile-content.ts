/**
 * A content service (and its media host and video platform) whose every field holds a hostile
 * value, in the wire format of docs/content-contract.md. Page `hostile-{i}` (both languages) carries
 * payload `i` in every field of every component kind; the site node, the lots, the chroniques and
 * the decorative tiles carry every payload, one item each. Used by the server suite as a fetcher
 * and by the browser suite behind a loopback HTTP server.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Wire = Record<string, unknown>;

export const HOSTILE_APP = 'pari-boreal';
/** A valid video id, so that players and modals with a video are rendered too. */
export const GOOD_VIDEO_ID = 'aaaaaaaaaaa';

export const hostilePath = (index: number): string => `hostile-${index}`;
export const hostileChroniclePath = (index: number): string => `chronique-${index}`;

/** A node with its children, `@nodes` in the given order. */
function node(name: string, path: string, props: Wire, children: Wire[] = []): Wire {
  const out: Wire = { '@name': name, '@path': path, '@id': `id${path}`, ...props };
  out['@nodes'] = children.map((c) => String(c['@name']));
  for (const child of children) out[String(child['@name'])] = child;
  return out;
}

function area(name: string, parent: string, items: ((path: string) => Wire)[]): Wire {
  const path = `${parent}/${name}`;
  return node(
    name,
    path,
    { '@nodeType': 'mgnl:area' },
    items.map((item) => item(path)),
  );
}

function comp(kind: string, name: string, props: Wire, areas: ((path: string) => Wire)[] = []) {
  return (parent: string): Wire => {
    const path = `${parent}/${name}`;
    return node(
      name,
      path,
      {
        '@nodeType': 'mgnl:component',
        'mgnl:template': `${HOSTILE_APP}:components/${kind}`,
        ...props,
      },
      areas.map((a) => a(path)),
    );
  };
}

/** Generic block fields (docs/content-contract.md), all hostile. */
function generic(p: string): Wire {
  return {
    fluid: p,
    fondCouleur: p,
    tbpadding: p,
    thpadding: p,
    displayCover: p,
    position: p,
    title: p,
    overTitle: p,
    subTitle: p,
    texte: p,
    lien: p,
    texteLien: p,
    nouvelleFenetre: p,
    imageId: p,
    imageMobileId: p,
    alternateText: p,
    labelStatsGA: p,
  };
}

const svgPath = (index: number) => `/hostile-svg/${index}.svg`;

function components(p: string, i: number): ((path: string) => Wire)[] {
  const texte = (name: string) => comp('texte', name, { texte: p });
  return [
    comp('entete', 'entete', { ...generic(p), overlay: p, typeComposante: 'entete' }),
    comp('section', 'section', { ...generic(p), image: { '@path': p } }, [
      (path) => area('composantes', path, [texte('texte-section')]),
    ]),
    comp('rangee', 'rangee', { ...generic(p), disposition: p }, [
      (path) => area('colonne0', path, [comp('carte', 'carte-0', generic(p))]),
      (path) =>
        area('colonne1', path, [
          comp('image', 'image-svg', { image: { '@path': svgPath(i) }, alternateText: p }),
        ]),
    ]),
    comp('contenant-onglets', 'onglets-bloc', { ...generic(p) }, [
      (path) =>
        area('onglets', path, [
          comp('onglet', 'onglet-a', { titre: p, lienCle: p }, [
            (tab) => area('composantes', tab, [texte('texte-onglet-a')]),
          ]),
          comp('onglet', 'onglet-b', { titre: 'B', lienCle: 'onglet-b' }, [
            (tab) => area('composantes', tab, [comp('carte', 'carte-onglet', generic(p))]),
          ]),
        ]),
    ]),
    comp('accordeon', 'accordeon', { ...generic(p), titre: p, ancre: p }, [
      (path) => area('composantes', path, [texte('texte-accordeon')]),
    ]),
    comp('accordeon', 'accordeon-ouvert', { titre: 'Accordéon', ancre: 'ouvert' }, [
      (path) => area('composantes', path, [texte('texte-accordeon-ouvert')]),
    ]),
    texte('texte'),
    comp('image', 'image-id', { imageId: p, alternateText: p, lien: p, nouvelleFenetre: 'true' }),
    comp('image', 'image-chemin', { image: { '@path': p }, imageMobile: { '@path': p }, lien: p }),
    comp('video', 'video', { ...generic(p), videoId: p }),
    comp('video', 'video-valide', { videoId: GOOD_VIDEO_ID, title: p }),
    comp('carte', 'carte', generic(p)),
    comp(
      'carrousel',
      'carrousel',
      { ...generic(p), autoplayTimeout: p, arrows: 'true', navTextPrev: p, navTextNext: p },
      [
        (path) =>
          area('diapositives', path, [
            comp('diapositive', 'diapo-a', {
              ...generic(p),
              theme: p,
              imagePosition: p,
              imageLegende: p,
              imageId: 'jcr:hostile',
            }),
            comp('diapositive', 'diapo-b', { title: p, imageId: 'jcr:hostile', lien: p }),
          ]),
      ],
    ),
    comp('galerie', 'galerie', { ...generic(p) }, [
      (path) =>
        area('images', path, [
          comp('image-galerie', 'g-a', { imageId: p, alternateText: p, lien: p }),
          comp('image-galerie', 'g-b', { image: { '@path': p }, alternateText: p, lien: p }),
        ]),
    ]),
    comp(
      'offres',
      'offres',
      { ...generic(p), colonnesMobile: p, colonnesTablette: p, colonnesBureau: p },
      [
        (path) =>
          area('offres', path, [
            comp('carte', 'offre-a', generic(p)),
            comp('carte', 'offre-b', { ...generic(p), image: { '@path': svgPath(i) } }),
          ]),
      ],
    ),
    comp('promotions', 'promotions', { ...generic(p), typePromotions: 'enCours' }, [
      (path) =>
        area('items', path, [
          comp('promotion', 'promo-a', {
            theme: p,
            position: p,
            surTitre: p,
            titre: p,
            information: p,
            imageGaucheId: p,
            imageDroiteId: p,
            imageMobileId: p,
            imageTermineeId: p,
            alternateText: p,
          }),
        ]),
    ]),
    comp('promotions', 'promotions-terminees', { typePromotions: 'terminée' }, [
      (path) =>
        area('items', path, [
          comp('promotion', 'promo-b', { titre: p, information: p, imageTerminee: { '@path': p } }),
        ]),
    ]),
    comp('liste-billets', 'billets', { ...generic(p), nbJoursNouveau: p }),
    comp('liste-gagnants', 'gagnants', { ...generic(p), nbJoursNouveau: p }),
    comp('liste-chroniques', 'chroniques', generic(p)),
    comp('liste-videos', 'videos', { ...generic(p), playlistId: `PLhostile${i}`, apikey: p }),
    comp('liste-videos', 'videos-id', { playlistId: p, apikey: p }),
    comp('balado', 'balado', { ...generic(p), podcastId: p }),
  ];
}

function page(p: string, i: number, url: string, extra: Wire = {}): Wire {
  const path = `/${HOSTILE_APP}/${url}`;
  return node(
    url,
    path,
    {
      '@nodeType': 'mgnl:page',
      'mgnl:template': `${HOSTILE_APP}:pages/standard`,
      type: 'standard',
      URLfr: url,
      URLen: url,
      title: p,
      description: p,
      keywords: p,
      titleOG: p,
      descriptionOG: p,
      imageId: p,
      urlOG: p,
      nePasAfficherZonePub: 'false',
      ...extra,
    },
    [area('main', path, components(p, i))],
  );
}

function chronique(p: string, i: number): Wire {
  const url = hostileChroniclePath(i);
  const path = `/${HOSTILE_APP}/chroniques/${url}`;
  return node(
    url,
    path,
    {
      '@nodeType': 'mgnl:page',
      'mgnl:template': `${HOSTILE_APP}:pages/chronique`,
      type: 'chronique',
      URLfr: url,
      URLen: url,
      title: p,
      description: p,
      titreChronique: p,
      dateChronique: '2026-11-01T00:00:00.000-04:00',
      imageIdPrincipale: p,
      lien: i % 2 === 0 ? p : undefined,
      nouvelleFenetre: p,
    },
    [
      node('chroniqueur', `${path}/chroniqueur`, {
        nomChroniqueur: p,
        profilChroniqueur: p,
        imageId: p,
      }),
      area('main', path, [comp('texte', 'texte', { texte: p })]),
    ],
  );
}

function lot(p: string, i: number): Wire {
  const name = `lot-${i}`;
  const path = `/lots/${name}`;
  const window = { dateDebutAffichage: '2026-11-01T00:00:00.000-04:00' };
  return node(
    name,
    path,
    {
      name,
      dateGain: '2026-11-10T00:00:00.000-05:00',
      montantMise: p,
      montantGain: '100',
    },
    [
      node('produit', `${path}/produit`, { name: p, imageId: p, alternateText: p }),
      node('sports', `${path}/sports`, {}, [
        node('s0', `${path}/sports/s0`, { name: p, nomSport: p, image: { '@path': p } }),
        node('s1', `${path}/sports/s1`, { name: 'multisport', nomSport: p, imageId: p }),
      ]),
      node(`${name}-B`, `${path}/${name}-B`, {
        ville: p,
        villeEn: p,
        imageBilletId: p,
        descriptif: p,
        ...window,
      }),
      node(`${name}-G`, `${path}/${name}-G`, {
        noms: p,
        region: `${p};${p}`,
        descriptif: p,
        imagePhotoId: p,
        // Half the winners carry the payload as their video, half a real id (the modal shows those).
        video: i % 2 === 0 ? p : GOOD_VIDEO_ID,
        noteVideo: p,
        ...window,
      }),
    ],
  );
}

function site(payloads: readonly string[]): Wire {
  const each = <T>(make: (p: string, i: number) => T): T[] => payloads.map(make);
  return node('site', `/${HOSTILE_APP}`, {}, [
    node('header', `/${HOSTILE_APP}/header`, {}, [
      node(
        'menu',
        '/h/menu',
        {},
        each((p, i) =>
          node(`g${i}`, `/h/menu/g${i}`, { titre: p, lienExterne: p, nouvelleFenetre: p }, [
            node('groupe-liens', `/h/menu/g${i}/groupe-liens`, {}, [
              node('l0', `/h/menu/g${i}/l0`, { titre: p, lienExterne: p, nouvelleFenetre: 'true' }),
            ]),
          ]),
        ),
      ),
      node(
        'messages',
        '/h/messages',
        {},
        each((p, i) => comp('message', `m${i}`, { texte: p })('/h/messages')),
      ),
      node('achatEnMagasin', '/h/achat', { texte: payloads[0], lien: payloads[0] }),
    ]),
    node('footer', `/${HOSTILE_APP}/footer`, { noteLegale: payloads.join('') }, [
      node(
        'menu',
        '/f/menu',
        {},
        each((p, i) =>
          node(`c${i}`, `/f/menu/c${i}`, { entete: p }, [
            node('liens', `/f/menu/c${i}/liens`, {}, [
              node('l0', `/f/menu/c${i}/l0`, { titre: p, externalUrl: p, nouvelleFenetre: p }),
            ]),
          ]),
        ),
      ),
      node('telephone', '/f/telephone', {
        libelleServiceClientele: payloads[1],
        numeroTelephone: payloads[1],
        numeroTelephoneLien: payloads[1],
        url: payloads[1],
        libelleBoutonJoindre: payloads[1],
      }),
      node(
        'logos-medias-sociaux',
        '/f/social',
        {},
        each((p, i) => node(`s${i}`, `/f/social/s${i}`, { imageId: p, alternateText: p, lien: p })),
      ),
      node(
        'logos-corpo',
        '/f/corpo',
        {},
        each((p, i) =>
          node(`c${i}`, `/f/corpo/c${i}`, { image: { '@path': p }, alternateText: p, lien: p }),
        ),
      ),
      node(
        'partenaires',
        '/f/partenaires',
        {},
        each((p, i) =>
          node(`p${i}`, `/f/partenaires/p${i}`, { imageId: p, alternateText: p, lien: p }),
        ),
      ),
      node(
        'pub',
        '/f/pub',
        {},
        each((p, i) => comp('carte', `pub${i}`, generic(p))('/f/pub')),
      ),
    ]),
  ]);
}

function playlist(p: string): Wire {
  const item = (videoId: string, url: string) => ({
    snippet: { title: p, resourceId: { videoId }, thumbnails: { medium: { url } } },
  });
  return { items: [item(GOOD_VIDEO_ID, p), item(p, 'https://img.example/x.jpg')] };
}

function svg(p: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" id="${p.replace(/"/g, '&quot;')}"><title>${p}</title>${p}<rect width="10" height="10"/></svg>`;
}

export interface HostileAnswer {
  status: number;
  type: string;
  body: string;
}

/**
 * The answer of the hostile services to a URL (any origin: only the path and query count).
 * `shared`: the payloads of the nodes every page reads (site node, lots, chronicles, tiles), one
 * item each; all of them by default (a heavy page), fewer for suites that render page by page.
 */
export function hostileAnswer(
  payloads: readonly string[],
  href: string,
  shared: readonly string[] = payloads,
): HostileAnswer {
  const url = new URL(href);
  const json = (body: unknown): HostileAnswer => ({
    status: 200,
    type: 'application/json',
    body: JSON.stringify(body),
  });
  const call = url.pathname.split('/').pop() ?? '';
  const index = (prefix: string, value: string | null): number => {
    const match = new RegExp(`^${prefix}(\\d+)$`).exec(value ?? '');
    return match ? Number(match[1]) : -1;
  };
  if (url.pathname.startsWith(`/.rest/${HOSTILE_APP}/listerTout/`)) return json(site(shared));
  if (call === 'listerPages') {
    const wanted = url.searchParams.get('URLfr') ?? url.searchParams.get('URLen');
    const i = index('hostile-', wanted);
    const c = index('chronique-', wanted);
    if (i >= 0 && i < payloads.length)
      return json({ results: [page(payloads[i] ?? '', i, hostilePath(i))] });
    if (c >= 0 && c < payloads.length) return json({ results: [chronique(payloads[c] ?? '', c)] });
    if (wanted !== null) return json({ results: [] });
    // The listing holds every page a look-up finds (docs/content-contract.md), in its pages; its
    // pages carry no payload (the look-ups do), so that it stays cheap to read.
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? payloads.length);
    const listed = (path: string) =>
      node(path, `/${HOSTILE_APP}/${path}`, {
        '@nodeType': 'mgnl:page',
        type: 'standard',
        URLfr: path,
        URLen: path,
        title: path,
      });
    const every = payloads.flatMap((_p, n) => [
      listed(hostilePath(n)),
      listed(hostileChroniclePath(n)),
    ]);
    return json({ results: every.slice(offset, offset + limit) });
  }
  if (call === 'listerLots') return json({ results: shared.map(lot) });
  if (call === 'listerChroniques') return json({ results: shared.map(chronique) });
  if (call === 'listerVignettesDeco') {
    return json({
      results: shared.map((p, i) =>
        node(`t${i}`, `/vignettes/decoration/t${i}`, { imageId: p, alternateText: p }),
      ),
    });
  }
  if (call === 'playlistItems') {
    const i = index('PLhostile', url.searchParams.get('playlistId'));
    return i >= 0 && i < payloads.length ? json(playlist(payloads[i] ?? '')) : json({ items: [] });
  }
  const svgIndex = /^\/hostile-svg\/(\d+)\.svg$/.exec(url.pathname);
  if (svgIndex) {
    return { status: 200, type: 'image/svg+xml', body: svg(payloads[Number(svgIndex[1])] ?? '') };
  }
  // Any other media: a tiny image.
  return {
    status: 200,
    type: 'image/svg+xml',
    body: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>',
  };
}

/** The hostile services on a loopback port, for a site process to read. */
export async function startHostileServices(
  payloads: readonly string[],
  shared: readonly string[] = payloads,
): Promise<{ origin: string; close(): Promise<void> }> {
  let origin = '';
  const server: Server = createServer((req, res) => {
    const answer = hostileAnswer(payloads, `${origin}${req.url ?? '/'}`, shared);
    res.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
