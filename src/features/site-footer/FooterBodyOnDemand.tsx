/**
 * The footer's body from the site node, on demand (src/ui/on-demand.tsx): the server provides it
 * at start; the browser loads it when a new language's site node arrives (docs/decisions/0042).
 */
import { onDemandView } from '../../ui/on-demand';
import type { FooterBodyProps } from './FooterBody';

const footerBody = onDemandView<FooterBodyProps>(() =>
  import('./FooterBody').then((m) => m.FooterBody),
);

export const provideFooterBody = footerBody.provide;
export const FooterBodyOnDemand = footerBody.View;
export const loadFooterBody = footerBody.load;
