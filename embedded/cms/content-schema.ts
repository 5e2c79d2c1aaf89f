/**
 * Zod schemas of the AUTHORING format (the files under content/), not of the wire format.
 * They catch editors' mistakes at start; a component marked `"unchecked": true` skips its
 * kind's schema so that deliberately broken demo content can still be written.
 */
import { z } from 'zod';
import { isDateValue } from './dates';

/** A JSON value as read from a content file. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export const LANGS = ['fr', 'en'] as const;
export type Lang = (typeof LANGS)[number];

const localized = <T extends z.ZodType>(inner: T, what: string) =>
  z.union([inner, z.strictObject({ fr: inner, en: inner })], {
    error: `expected ${what} or {fr, en} of ${what}`,
  });

const text = localized(z.string(), 'string');
const bool = z.union([z.boolean(), z.enum(['true', 'false'])], {
  error: 'expected a boolean or "true"/"false"',
});
const amount = z.union(
  [z.number(), z.string().regex(/^-?\d+(?:\.\d+)?$/, 'expected a number or a numeric string')],
  {
    error: 'expected a number or a numeric string',
  },
);
const dateValue = z
  .string()
  .refine(isDateValue, 'expected ISO 8601 with offset, or today, today-Nd, today+Nw');
const mediaId = z
  .string()
  .regex(
    /^jcr:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    'expected jcr:<uuid>',
  );
const assetRef = z.strictObject({
  '@path': z.string().regex(/^\/[\w\-./]+\.svg$/, 'expected a static asset path like /logos/x.svg'),
});
const nodeName = z.string().regex(/^[\w\-.]+$/, 'expected a node name (letters, digits, - _ .)');
const pagePath = z
  .string()
  .regex(/^[\w\-.]+(?:\/[\w\-.]+)*$/, 'expected a page path without leading or trailing slash');

/** The `imageXxxId` / `imageXxx` pair of the contract. */
const imagePair = <B extends string>(base: B) =>
  ({ [`${base}Id`]: mediaId.optional(), [base]: assetRef.optional() }) as {
    [K in `${B}Id`]: z.ZodOptional<typeof mediaId>;
  } & { [K in B]: z.ZodOptional<typeof assetRef> };

const genericFields = {
  fluid: bool.optional(),
  fondCouleur: z.string().optional(),
  tbpadding: z.union([z.string(), z.number()]).optional(),
  thpadding: z.union([z.string(), z.number()]).optional(),
  displayCover: bool.optional(),
  position: z.string().optional(),
  title: text.optional(),
  overTitle: text.optional(),
  subTitle: text.optional(),
  texte: text.optional(),
  lien: text.optional(),
  texteLien: text.optional(),
  nouvelleFenetre: bool.optional(),
  ...imagePair('image'),
  ...imagePair('imageMobile'),
  alternateText: text.optional(),
  labelStatsGA: z.string().optional(),
  dateDebutAffichage: dateValue.optional(),
  dateFinAffichage: dateValue.optional(),
};

const componentBase = <K extends string>(kind: K) => ({
  name: nodeName.optional(),
  kind: z.literal(kind),
  typeComposante: z.enum(['entete', 'section', 'rangee']).optional(),
});

/**
 * A component of any kind. Dispatch is by hand rather than a discriminated union so that
 * the schemas can nest (areas hold components) and errors point inside the right kind.
 */
const componentSchema: z.ZodType<JsonObject> = z
  .record(z.string(), z.json())
  .superRefine((value, ctx) => {
    const kind = value.kind;
    if (typeof kind !== 'string') {
      ctx.addIssue({ code: 'custom', message: 'expected string', path: ['kind'] });
      return;
    }
    if (value.unchecked === true) return;
    const schema = componentKinds[kind];
    if (!schema) {
      ctx.addIssue({
        code: 'custom',
        message: `unknown component kind "${kind}" (mark it "unchecked": true if deliberate)`,
        path: ['kind'],
      });
      return;
    }
    const result = schema.safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) {
        ctx.addIssue({ code: 'custom', message: describeIssue(issue), path: issue.path });
      }
    }
  });

const area = z.array(componentSchema);

const requireImage = (base: string) => (value: Record<string, unknown>) =>
  value[`${base}Id`] !== undefined || value[base] !== undefined;

const carte = z.strictObject({ ...componentBase('carte'), ...genericFields });

const columns = Object.fromEntries(
  Array.from({ length: 12 }, (_, index) => [`colonne${index}`, area.optional()]),
);

const rangee = z
  .strictObject({
    ...componentBase('rangee'),
    ...genericFields,
    disposition: z.string().regex(/^\d{1,2}(?: \d{1,2})*$/, 'expected widths like "4 4 4"'),
    ...columns,
  })
  .superRefine((value, ctx) => {
    const widths = value.disposition.split(' ').length;
    for (const key of Object.keys(value)) {
      const index = /^colonne(\d+)$/.exec(key)?.[1];
      if (index !== undefined && Number(index) >= widths) {
        ctx.addIssue({
          code: 'custom',
          message: `no width for this column in "${value.disposition}"`,
          path: [key],
        });
      }
    }
  });

const onglet = z.strictObject({
  name: nodeName.optional(),
  kind: z.literal('onglet').optional(),
  titre: text,
  lienCle: text,
  composantes: area.optional(),
});

const diapositive = z.strictObject({
  ...genericFields,
  name: nodeName.optional(),
  kind: z.literal('diapositive').optional(),
  theme: z.string().optional(),
  imagePosition: z.string().optional(),
  imageLegende: text.optional(),
});

const imageGalerie = z
  .strictObject({
    name: nodeName.optional(),
    kind: z.literal('image-galerie').optional(),
    ...imagePair('image'),
    alternateText: text,
    lien: text.optional(),
    nouvelleFenetre: bool.optional(),
  })
  .refine(requireImage('image'), { message: 'expected imageId or image', path: ['imageId'] });

const promotionItem = z.strictObject({
  name: nodeName.optional(),
  kind: z.literal('promotion').optional(),
  theme: z.string().optional(),
  position: z.enum(['left', 'right']),
  surTitre: text.optional(),
  titre: text,
  information: text.optional(),
  ...imagePair('imageGauche'),
  ...imagePair('imageDroite'),
  ...imagePair('imageMobile'),
  ...imagePair('imageTerminee'),
  alternateText: text.optional(),
  dateDebutAffichage: dateValue.optional(),
  dateFinAffichage: dateValue.optional(),
});

/** Each kind's authoring schema; its enums and `{fr, en}` fields are checked against magnolia/. */
export const componentKinds: Record<string, z.ZodType> = {
  entete: z.strictObject({
    ...componentBase('entete'),
    ...genericFields,
    overlay: bool.optional(),
  }),
  section: z.strictObject({ ...componentBase('section'), ...genericFields, composantes: area }),
  rangee,
  'contenant-onglets': z.strictObject({
    ...componentBase('contenant-onglets'),
    ...genericFields,
    onglets: z.array(onglet).min(1),
  }),
  accordeon: z.strictObject({
    ...componentBase('accordeon'),
    ...genericFields,
    titre: text,
    ancre: z.string().regex(/^[\w-]+$/, 'expected an anchor name'),
    composantes: area.optional(),
  }),
  texte: z.strictObject({ ...componentBase('texte'), ...genericFields, texte: text }),
  image: z
    .strictObject({ ...componentBase('image'), ...genericFields, alternateText: text })
    .refine(requireImage('image'), { message: 'expected imageId or image', path: ['imageId'] }),
  video: z.strictObject({
    ...componentBase('video'),
    ...genericFields,
    videoId: z.string().min(1),
  }),
  carte,
  carrousel: z.strictObject({
    ...componentBase('carrousel'),
    ...genericFields,
    autoplayTimeout: amount.optional(),
    arrows: bool.optional(),
    navTextPrev: text.optional(),
    navTextNext: text.optional(),
    diapositives: z.array(diapositive),
  }),
  galerie: z.strictObject({
    ...componentBase('galerie'),
    ...genericFields,
    images: z.array(imageGalerie),
  }),
  offres: z.strictObject({
    ...componentBase('offres'),
    ...genericFields,
    colonnesMobile: amount,
    colonnesTablette: amount,
    colonnesBureau: amount,
    offres: z.array(carte.extend({ kind: z.literal('carte').optional() })),
  }),
  promotions: z.strictObject({
    ...componentBase('promotions'),
    ...genericFields,
    typePromotions: z.enum(['enCours', 'terminée']),
    items: z.array(promotionItem),
  }),
  'liste-billets': z.strictObject({
    ...componentBase('liste-billets'),
    ...genericFields,
    nbJoursNouveau: amount,
  }),
  'liste-gagnants': z.strictObject({
    ...componentBase('liste-gagnants'),
    ...genericFields,
    nbJoursNouveau: amount,
  }),
  'liste-chroniques': z.strictObject({ ...componentBase('liste-chroniques'), ...genericFields }),
  'liste-videos': z.strictObject({
    ...componentBase('liste-videos'),
    ...genericFields,
    playlistId: localized(z.string().min(1), 'string'), // one playlist per language
    apikey: z.string().min(1),
  }),
  balado: z.strictObject({
    ...componentBase('balado'),
    ...genericFields,
    podcastId: z.string().min(1),
  }),
  message: z.strictObject({
    ...componentBase('message'),
    texte: text,
    dateDebutAffichage: dateValue.optional(),
    dateFinAffichage: dateValue.optional(),
  }),
};

/** The authoring schema of each kind of item of a component-owned list (ITEM_KINDS). */
export const itemKinds: Record<string, z.ZodType> = {
  onglet,
  diapositive,
  'image-galerie': imageGalerie,
  carte: carte.extend({ kind: z.literal('carte').optional() }),
  promotion: promotionItem,
};

/** Default kinds of the items of component-owned lists, which the wire gives a template. */
export const ITEM_KINDS: Readonly<Record<string, string>> = {
  onglets: 'onglet',
  diapositives: 'diapositive',
  images: 'image-galerie',
  offres: 'carte',
  items: 'promotion',
  messages: 'message',
};

const chroniqueur = z
  .strictObject({
    nomChroniqueur: z.string(),
    profilChroniqueur: text,
    ...imagePair('image'),
  })
  .refine(requireImage('image'), { message: 'expected imageId or image', path: ['imageId'] });

export const pageSchema = z
  .strictObject({
    type: z.enum(['standard', 'chronique']),
    URLfr: pagePath,
    URLen: pagePath,
    title: text,
    description: text,
    keywords: text,
    titleOG: text,
    descriptionOG: text,
    imageId: mediaId,
    urlOG: text,
    dateDebutAffichage: dateValue.optional(),
    dateFinAffichage: dateValue.optional(),
    nePasAfficherZonePub: bool.optional(),
    titreChronique: text.optional(),
    dateChronique: dateValue.optional(),
    chroniqueur: chroniqueur.optional(),
    imageIdPrincipale: mediaId.optional(),
    imagePrincipale: assetRef.optional(),
    // The main image's text alternative, as the site reads it (src/content/schema/page.ts).
    alternateText: text.optional(),
    lien: text.optional(),
    nouvelleFenetre: bool.optional(),
    main: area,
  })
  .superRefine((page, ctx) => {
    if (page.type !== 'chronique') return;
    for (const key of ['titreChronique', 'dateChronique', 'chroniqueur'] as const) {
      if (page[key] === undefined)
        ctx.addIssue({ code: 'custom', message: 'required for a chronique', path: [key] });
    }
    if (page.imageIdPrincipale === undefined && page.imagePrincipale === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'expected imageIdPrincipale or imagePrincipale',
        path: ['imageIdPrincipale'],
      });
    }
  });
export type PageFile = z.infer<typeof pageSchema>;

const logoItem = z
  .strictObject({
    name: nodeName.optional(),
    ...imagePair('image'),
    alternateText: text,
    lien: text.optional(),
    nouvelleFenetre: bool.optional(),
  })
  .refine(requireImage('image'), { message: 'expected imageId or image', path: ['imageId'] });

export const siteSchema = z.strictObject({
  header: z.strictObject({
    menu: z.array(
      z.strictObject({
        name: nodeName.optional(),
        titre: text,
        lienExterne: text.optional(),
        nouvelleFenetre: bool.optional(),
        dateDebutAffichage: dateValue.optional(),
        dateFinAffichage: dateValue.optional(),
        'groupe-liens': z
          .array(
            z.strictObject({
              name: nodeName.optional(),
              titre: text,
              lienExterne: text,
              nouvelleFenetre: bool.optional(),
              dateDebutAffichage: dateValue.optional(),
              dateFinAffichage: dateValue.optional(),
            }),
          )
          .optional(),
      }),
    ),
    messages: area.optional(),
    achatEnMagasin: z.strictObject({ texte: text, lien: text, nouvelleFenetre: bool.optional() }),
  }),
  footer: z.strictObject({
    menu: z.array(
      z.strictObject({
        name: nodeName.optional(),
        entete: text,
        liens: z.array(
          z.strictObject({
            name: nodeName.optional(),
            titre: text,
            externalUrl: text,
            nouvelleFenetre: bool.optional(),
            dateDebutAffichage: dateValue.optional(),
            dateFinAffichage: dateValue.optional(),
          }),
        ),
      }),
    ),
    telephone: z.strictObject({
      libelleServiceClientele: text,
      numeroTelephone: z.string(),
      numeroTelephoneLien: z.string(),
      url: text,
      libelleBoutonJoindre: text,
      nouvelleFenetre: bool.optional(),
    }),
    'logos-medias-sociaux': z.array(logoItem),
    'logos-corpo': z.array(logoItem),
    partenaires: z.array(logoItem),
    pub: area,
    noteLegale: text,
    nePasAfficherZonePub: bool,
  }),
});
export type SiteFile = z.infer<typeof siteSchema>;

const lotName = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'expected a slug like lot-2026-001');

const subNodeWindow = {
  dateDebutAffichage: dateValue.optional(),
  dateFinAffichage: dateValue.optional(),
};

const lotSchema = z.strictObject({
  name: lotName,
  dateGain: dateValue,
  montantMise: amount,
  montantGain: amount,
  produit: z
    .strictObject({ name: nodeName, ...imagePair('image'), alternateText: text })
    .refine(requireImage('image'), { message: 'expected imageId or image', path: ['imageId'] }),
  sports: z
    .array(
      z
        .strictObject({ name: nodeName, nomSport: text, ...imagePair('image') })
        .refine(requireImage('image'), { message: 'expected imageId or image', path: ['imageId'] }),
    )
    .min(1),
  billet: z
    .strictObject({
      ville: z.string(),
      villeEn: z.string().optional(),
      ...imagePair('imageBillet'),
      descriptif: text,
      ...subNodeWindow,
    })
    .refine(requireImage('imageBillet'), {
      message: 'expected imageBilletId or imageBillet',
      path: ['imageBilletId'],
    })
    .optional(),
  gagnant: z
    .strictObject({
      noms: text, // a group's name is words, so it may differ by language
      region: z.string().regex(/^[^;]+;[^;]+$/, 'expected "Fr;En"'),
      descriptif: text,
      ...imagePair('imagePhoto'),
      video: z.string().optional(),
      noteVideo: text.optional(),
      ...subNodeWindow,
    })
    .refine(requireImage('imagePhoto'), {
      message: 'expected imagePhotoId or imagePhoto',
      path: ['imagePhotoId'],
    })
    .optional(),
});

export const lotsSchema = z.strictObject({ lots: z.array(lotSchema) });
export type LotsFile = z.infer<typeof lotsSchema>;

export const tilesSchema = z.strictObject({
  vignettes: z.array(
    z
      .strictObject({
        name: nodeName,
        dossier: nodeName,
        ...imagePair('image'),
        alternateText: text,
      })
      .refine(requireImage('image'), { message: 'expected imageId or image', path: ['imageId'] }),
  ),
});
export type TilesFile = z.infer<typeof tilesSchema>;

/** Readable message of one issue: "expected string, received number" rather than zod's prose. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  return issue.message.replace(/^Invalid input: /, '');
}

/** `main[3].colonne0[1].disposition` */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out === '' ? '(root)' : out;
}
