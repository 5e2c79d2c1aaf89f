/**
 * Typed models the site renders: what the content service's nodes become at the boundary.
 * Plain JSON (they travel to the browser for hydration). Rich-text fields hold the editor's
 * HTML already sanitised at the boundary (`content/schema/magnolia.ts`); `ui/RichText` sanitises again
 * where it is put into the page.
 */
import type { DisplayWindow } from '../domain/display-window';
import type { LotTotals } from '../domain/lots';

export interface Img {
  src: string;
  alt: string;
}

/** An image's size in pixels, read from the media host (the content gives none). */
export interface ImageSize {
  width: number;
  height: number;
}

/** Generic block fields (docs/requirements.md §3), on any kind where they make sense. */
export interface BlockFields {
  fluid: boolean;
  fondCouleur?: string | undefined;
  tbpadding?: string | undefined;
  thpadding?: string | undefined;
  displayCover: boolean;
  position?: string | undefined;
  title?: string | undefined;
  overTitle?: string | undefined;
  subTitle?: string | undefined;
  texte?: string | undefined;
  lien?: string | undefined;
  texteLien?: string | undefined;
  nouvelleFenetre: boolean;
  image?: Img | undefined;
  imageMobile?: Img | undefined;
  labelStatsGA?: string | undefined;
  window: DisplayWindow;
}

interface Base<K extends string> {
  kind: K;
  id: string;
  /**
   * The content node's name, for the server's logs and the editors' notes; it does not travel
   * to the browser (docs/decisions/0053-component-names-stay-on-the-server.md).
   */
  name?: string | undefined;
  fields: BlockFields;
}

export interface Tab {
  id: string;
  titre: string;
  lienCle: string;
  children: Component[];
}

export interface Slide {
  id: string;
  theme?: string | undefined;
  imagePosition?: string | undefined;
  imageLegende?: string | undefined;
  fields: BlockFields;
}

interface GalleryImage {
  id: string;
  image: Img;
  lien?: string | undefined;
  nouvelleFenetre: boolean;
}

export interface Card {
  id: string;
  fields: BlockFields;
}

export interface Promotion {
  id: string;
  theme?: string | undefined;
  position: 'left' | 'right';
  surTitre?: string | undefined;
  titre?: string | undefined;
  information?: string | undefined;
  imageGauche?: Img | undefined;
  imageDroite?: Img | undefined;
  imageMobile?: Img | undefined;
  imageTerminee?: Img | undefined;
  window: DisplayWindow;
}

export type Component =
  | (Base<'entete'> & { overlay: boolean })
  | (Base<'section'> & { children: Component[] })
  | (Base<'rangee'> & { widths: number[]; columns: Component[][] })
  | (Base<'contenant-onglets'> & { tabs: Tab[] })
  | (Base<'accordeon'> & { titre: string; ancre?: string | undefined; children: Component[] })
  | Base<'texte'>
  | (Base<'image'> & { image: Img })
  | (Base<'video'> & { videoId?: string | undefined })
  | Base<'carte'>
  | (Base<'carrousel'> & {
      autoplayTimeout?: number | undefined;
      arrows: boolean;
      navTextPrev?: string | undefined;
      navTextNext?: string | undefined;
      slides: Slide[];
    })
  | (Base<'galerie'> & { images: GalleryImage[] })
  | (Base<'offres'> & {
      colonnesMobile?: number | undefined;
      colonnesTablette?: number | undefined;
      colonnesBureau?: number | undefined;
      offers: Card[];
    })
  | (Base<'promotions'> & { typePromotions: 'enCours' | 'terminee'; items: Promotion[] })
  | (Base<'liste-billets'> & { nbJoursNouveau?: number | undefined })
  | (Base<'liste-gagnants'> & { nbJoursNouveau?: number | undefined })
  | Base<'liste-chroniques'>
  /** `apikey` is read on the server only: the loader removes it before the page leaves. */
  | (Base<'liste-videos'> & { playlistId?: string | undefined; apikey?: string | undefined })
  | (Base<'balado'> & { podcastId?: string | undefined })
  | Base<'message'>
  | StaticStub;

/**
 * In the state instead of a static tree (docs/decisions/0043): enough to place it, filter it by
 * date and find its server markup. The server makes it; no content node reads as one.
 */
export interface StaticStub {
  kind: 'static';
  /** The kind of the tree's outermost component (a page opening with its header band, say). */
  of: ContentKind;
  id: string;
  /** Stubs have no content node name (docs/decisions/0053). */
  name?: undefined;
  fields: { window: DisplayWindow };
}

export type ComponentKind = Component['kind'];
/** The kinds the content service's nodes read as. */
export type ContentKind = Exclude<ComponentKind, 'static'>;
export type ComponentOf<K extends ComponentKind> = Extract<Component, { kind: K }>;

interface Columnist {
  nomChroniqueur?: string | undefined;
  profilChroniqueur?: string | undefined;
  image?: Img | undefined;
}

export interface ChronicleInfo {
  titreChronique: string;
  dateChronique?: string | undefined;
  chroniqueur: Columnist;
  imagePrincipale?: Img | undefined;
  lien?: string | undefined;
  nouvelleFenetre: boolean;
}

interface PageMeta {
  title: string;
  description?: string | undefined;
  keywords?: string | undefined;
  titleOG?: string | undefined;
  descriptionOG?: string | undefined;
  /** Absolute URL of the OpenGraph image (`{media}/dam/{imageId}/opengraph.jpg`). */
  ogImage?: string | undefined;
}

export interface Page {
  id: string;
  path: string;
  type: 'standard' | 'chronique';
  URLfr?: string | undefined;
  URLen?: string | undefined;
  meta: PageMeta;
  window: DisplayWindow;
  nePasAfficherZonePub: boolean;
  components: Component[];
  chronicle?: ChronicleInfo | undefined;
}

export interface MenuLink {
  id: string;
  titre: string;
  lien?: string | undefined;
  nouvelleFenetre: boolean;
  window: DisplayWindow;
}

/** A header message: a `message` component (its display window among its generic fields). */
export interface HeaderMessage {
  id: string;
  texte: string;
  window: DisplayWindow;
}

export interface MenuGroup extends MenuLink {
  links: MenuLink[];
}

export interface LogoItem {
  id: string;
  image: Img;
  lien?: string | undefined;
  nouvelleFenetre: boolean;
}

interface FooterColumn {
  id: string;
  entete?: string | undefined;
  links: MenuLink[];
}

export interface Site {
  header: {
    menu: MenuGroup[];
    messages: HeaderMessage[];
    achatEnMagasin?: { texte: string; lien: string; nouvelleFenetre: boolean } | undefined;
  };
  footer: {
    menu: FooterColumn[];
    telephone?:
      | {
          libelleServiceClientele?: string | undefined;
          numeroTelephone?: string | undefined;
          /** Normalised: `tel:+digits` (domain/links.ts `telHref`), from the link or the number. */
          numeroTelephoneLien?: string | undefined;
          url?: string | undefined;
          libelleBoutonJoindre?: string | undefined;
          nouvelleFenetre: boolean;
        }
      | undefined;
    socialLogos: LogoItem[];
    corporateLogos: LogoItem[];
    partners: LogoItem[];
    pub: Component[];
    noteLegale?: string | undefined;
    nePasAfficherZonePub: boolean;
  };
}

export interface Sport {
  name: string;
  nomSport?: string | undefined;
  image?: Img | undefined;
}

export interface Ticket {
  ville?: string | undefined;
  villeEn?: string | undefined;
  image?: Img | undefined;
  descriptif?: string | undefined;
  window: DisplayWindow;
}

export interface Winner {
  noms?: string | undefined;
  region?: string | undefined;
  descriptif?: string | undefined;
  photo?: Img | undefined;
  video?: string | undefined;
  noteVideo?: string | undefined;
  window: DisplayWindow;
}

export interface Lot {
  name: string;
  dateGain?: string | undefined;
  montantMise?: number | undefined;
  montantGain?: number | undefined;
  produit?: { name?: string | undefined; image?: Img | undefined } | undefined;
  sports: Sport[];
  billet?: Ticket | undefined;
  gagnant?: Winner | undefined;
}

export interface DecorTile {
  id: string;
  image: Img;
}

export interface PlaylistItem {
  videoId: string;
  title: string;
  thumbnail?: string | undefined;
}

/** A chronique as the list shows it: its summary and where it leads (docs/requirements.md §2, §5). */
export interface ChronicleCard {
  id: string;
  title: string;
  dateChronique?: string | undefined;
  nomChroniqueur?: string | undefined;
  imageChroniqueur?: Img | undefined;
  image?: Img | undefined;
  summary: string;
  /** Its own `lien` if set, else `/<locale>/<URL for the locale>`. */
  href: string;
  newWindow: boolean;
}

/**
 * Data some blocks need beyond their own fields, loaded by the server with the page so the
 * first screen is in its HTML. `null` where the call failed (the block says so, or shows nothing).
 */
export interface BlockData {
  playlists: Record<string, PlaylistItem[] | null>;
  /** Sanitised markup of SVG images to inline, by image URL. */
  svgs?: Record<string, string> | undefined;
  /**
   * Sizes of the images shown whole (image blocks), by URL, so that their box is right before they
   * load, on the phone too (docs/decisions/0091-image-sizes-from-the-media-host.md).
   */
  imageSizes?: Record<string, ImageSize> | undefined;
  chronicles?: ChronicleCard[] | null | undefined;
  /**
   * Present when `chroniques` holds only the list's first block: how many there are in all.
   * The rest comes from the chroniques endpoint on the first "more"
   * (docs/decisions/0041-lots-after-the-first-screen.md).
   */
  chroniclesTotal?: number | undefined;
  /**
   * Hydration state only: `chroniques` is left empty, and the list asks for them all before it
   * hydrates (docs/decisions/0051-chroniques-after-the-first-component.md).
   */
  chroniclesLater?: true | undefined;
  /**
   * How many chroniques the list shows at first when the page's address says so
   * (`?chroniques=`, its "more" link's: docs/decisions/0078-show-more-as-a-link.md).
   */
  chroniclesShown?: number | undefined;
  /**
   * The lots of the language the page's lists and modal may show at the logical date, each with
   * only its visible sub-nodes (the lists and the modal filter them again in the browser).
   */
  lots?: Lot[] | null | undefined;
  /**
   * Present when `lots` holds only the first block of each list: how many each list has in
   * all. The rest comes from the lots endpoint on first need
   * (docs/decisions/0041-lots-after-the-first-screen.md).
   */
  lotTotals?: LotTotals | undefined;
  /**
   * Hydration state only: `lots` is left empty, and the lists ask for them all before they
   * hydrate, as `lotTotals` says (docs/decisions/0044-lots-after-the-first-component.md).
   */
  lotsLater?: true | undefined;
  /**
   * How many lots a list shows at first when the page's address says so (`?billets=`,
   * `?gagnants=`: docs/decisions/0078-show-more-as-a-link.md); `lots` holds them.
   */
  lotsShown?: LotTotals | undefined;
  /** Decorative tiles for the ticket list (already only those whose path says "decoration"). */
  decorTiles?: DecorTile[] | null | undefined;
}
