/**
 * The page footer (docs/requirements.md §1, §2): menu columns, the phone block, social and corporate logos,
 * partner images, the legal note and the ad zone, then the 18+ badge and the copyright line.
 */
import { use } from 'react';
import { Components } from '../../blocks/Components';
import type { Site } from '../../content/models';
import { EditContext } from '../../ui/edit-context';
import { useT } from '../../ui/i18n';
import { KeptOrRendered } from '../../ui/kept-markup';
import { FooterBodyOnDemand } from './FooterBodyOnDemand';
import { LegalStrip } from './LegalStrip';
import styles from './SiteFooter.module.css';

interface SiteFooterProps {
  footer: Site['footer'];
  brand: string;
  year: number;
  /** The page's own flag (nePasAfficherZonePub) also switches the ad zone off. */
  pageHidesAdZone: boolean;
  /**
   * The body (all but the ad zone) is the server's markup, kept as it is: the hydration state
   * left its content out (docs/decisions/0042-footer-body-out-of-the-state.md).
   */
  bodyKept?: boolean;
}

/** The element around the footer's body, whose markup the browser keeps (it adds no box). */
export const FOOTER_BODY_ID = 'app-footer-body';

/** The ad zone shows only with components and when neither the page nor the footer disables it. */
function adZoneVisible(footer: Site['footer'], pageHidesAdZone: boolean): boolean {
  return footer.pub.length > 0 && !pageHidesAdZone && !footer.nePasAfficherZonePub;
}

export function SiteFooter({
  footer,
  brand,
  year,
  pageHidesAdZone,
  bodyKept = false,
}: SiteFooterProps) {
  const t = useT();
  const editsSite = use(EditContext)?.plan.site;
  return (
    <footer className={styles.footer} data-testid="site-footer">
      {adZoneVisible(footer, pageHidesAdZone) ? (
        <section className={styles.adZone} aria-label={t('pied.pub')} data-testid="ad-zone">
          <div className={`${styles.adGrid} ad-grid container`}>
            <Components list={footer.pub} area="pub" />
          </div>
        </section>
      ) : editsSite ? (
        // The site node's edit view: the hidden ad zone's area, its components as placeholders.
        <div className="container">
          <Components list={[]} area="pub" />
        </div>
      ) : null}
      <KeptOrRendered id={FOOTER_BODY_ID} kept={bodyKept}>
        <FooterBodyOnDemand footer={footer} brand={brand} year={year} />
      </KeptOrRendered>
    </footer>
  );
}

/** The error page's footer, and the frame's when nothing else can be shown. */
export function MinimalFooter({ brand, year }: { brand: string; year: number }) {
  return (
    <footer className={styles.footer}>
      <LegalStrip brand={brand} year={year} />
    </footer>
  );
}
