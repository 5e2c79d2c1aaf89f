/** Rules of the promotions block (docs/requirements.md §3, §5), kept apart from React to be tested alone. */
import { isInWindow } from '../../domain/display-window';
import type { Img, Promotion } from '../../content/models';

export type PromotionsType = 'enCours' | 'terminee';

/** What the block shows: its list, the "no promotions underway" message, or nothing at all. */
type PromotionsView = { kind: 'list'; items: Promotion[] } | { kind: 'empty' } | { kind: 'hidden' };

export function promotionsView(
  type: PromotionsType,
  items: readonly Promotion[],
  now: number,
): PromotionsView {
  const shown = items.filter((item) => isInWindow(item.window, now));
  if (shown.length > 0) return { kind: 'list', items: shown };
  // An empty ended list hides the whole block; an empty running list says so.
  return type === 'terminee' ? { kind: 'hidden' } : { kind: 'empty' };
}

export type PromotionTheme = 'hockey' | 'soccer' | 'bleu' | 'or' | 'default';

const THEME_ALIASES: Record<string, PromotionTheme> = {
  hockey: 'hockey',
  soccer: 'soccer',
  football: 'soccer',
  bleu: 'bleu',
  blue: 'bleu',
  fonce: 'bleu',
  dark: 'bleu',
  or: 'or',
  gold: 'or',
  accent: 'or',
};

/** The theme from the content onto the block's small palette; unknown or absent: default. */
export function promotionTheme(theme: string | undefined): PromotionTheme {
  const key = (theme ?? '').trim().toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  return THEME_ALIASES[key] ?? 'default';
}

/** The images of one promotion: the large-screen one and the phone variant. */
interface PromotionImages {
  large?: Img | undefined;
  mobile?: Img | undefined;
}

/**
 * Running: the image on the promotion's side (left or right) on large screens, the mobile one on
 * phones. Ended: the ended image everywhere. A missing image falls back to the nearest other.
 */
export function promotionImages(item: Promotion, type: PromotionsType): PromotionImages {
  if (type === 'terminee') {
    const large = item.imageTerminee ?? item.imageGauche ?? item.imageDroite ?? item.imageMobile;
    return { large, mobile: item.imageTerminee ? undefined : item.imageMobile };
  }
  const side = item.position === 'right' ? item.imageDroite : item.imageGauche;
  const other = item.position === 'right' ? item.imageGauche : item.imageDroite;
  const large = side ?? other ?? item.imageMobile;
  return { large, mobile: large === item.imageMobile ? undefined : item.imageMobile };
}
