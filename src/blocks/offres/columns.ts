/** Column widths of the offers block per screen size (docs/requirements.md §9), from its configured counts. */
import { offerColumnWidth } from '../../domain/layout';

interface OfferColumns {
  /** Under 768 px (`colonnesMobile`). */
  mobile: number;
  /** From 768 px (`colonnesTablette`). */
  tablet: number;
  /** From 992 px (`colonnesBureau`). */
  desktop: number;
}

export function offerColumns(counts: {
  colonnesMobile?: number | undefined;
  colonnesTablette?: number | undefined;
  colonnesBureau?: number | undefined;
}): OfferColumns {
  return {
    mobile: offerColumnWidth(counts.colonnesMobile),
    tablet: offerColumnWidth(counts.colonnesTablette),
    desktop: offerColumnWidth(counts.colonnesBureau),
  };
}
