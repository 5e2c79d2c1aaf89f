/**
 * The page footer (docs/requirements.md §1, §2): menu columns, the phone block, social and corporate logos,
 * partner images, the legal note and the ad zone, then the 18+ badge and the copyright line.
 */
import { Components } from '../../blocks/Components';
import type { LogoItem, Site } from '../../content/models';
import { useT } from '../../ui/i18n';
import { KeptMarkup } from '../../ui/kept-markup';
import { RichText } from '../../ui/RichText';
import { SmartLink } from '../../ui/SmartLink';
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
const FOOTER_BODY_CLASS = 'static-block';

/** The ad zone shows only with components and when neither the page nor the footer disables it. */
function adZoneVisible(footer: Site['footer'], pageHidesAdZone: boolean): boolean {
  return footer.pub.length > 0 && !pageHidesAdZone && !footer.nePasAfficherZonePub;
}

function Logos({
  items,
  label,
  className,
}: {
  items: LogoItem[];
  label: string;
  className?: string;
}) {
  if (items.length === 0) return null;
  return (
    <ul className={`${styles.logos} ${className ?? ''}`} aria-label={label}>
      {items.map((item) => {
        const img = (
          <img
            src={item.image.src}
            alt={item.image.alt}
            className={styles.logo}
            loading="lazy"
            decoding="async"
            // Logos are square or wider: the square reserves their box until they arrive.
            width={40}
            height={40}
          />
        );
        return (
          <li key={item.id}>
            {item.lien ? (
              <SmartLink
                href={item.lien}
                newWindow={item.nouvelleFenetre}
                className={styles.logoLink}
              >
                {img}
              </SmartLink>
            ) : (
              img
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function SiteFooter({
  footer,
  brand,
  year,
  pageHidesAdZone,
  bodyKept = false,
}: SiteFooterProps) {
  const t = useT();
  return (
    <footer className={styles.footer} data-testid="site-footer">
      {adZoneVisible(footer, pageHidesAdZone) ? (
        <section className={styles.adZone} aria-label={t('pied.pub')} data-testid="ad-zone">
          <div className={`${styles.adGrid} container`}>
            <Components list={footer.pub} />
          </div>
        </section>
      ) : null}
      {bodyKept ? (
        <KeptMarkup id={FOOTER_BODY_ID} className={FOOTER_BODY_CLASS} />
      ) : (
        <div id={FOOTER_BODY_ID} className={FOOTER_BODY_CLASS}>
          <FooterBody footer={footer} brand={brand} year={year} />
        </div>
      )}
    </footer>
  );
}

/** Menu columns, phone, logos, partners, legal note and the legal strip. */
function FooterBody({ footer, brand, year }: Omit<SiteFooterProps, 'pageHidesAdZone'>) {
  const t = useT();
  const phone = footer.telephone;
  return (
    <>
      <div className={`${styles.main} container`}>
        {footer.menu.length > 0 ? (
          <nav className={styles.columns} aria-label={t('pied.navigation')}>
            {footer.menu.map((column) => (
              <div key={column.id} className={styles.column}>
                {column.entete ? <h2 className={styles.columnTitle}>{column.entete}</h2> : null}
                <ul className={styles.links}>
                  {column.links.map((link) => (
                    <li key={link.id}>
                      <SmartLink
                        href={link.lien}
                        newWindow={link.nouvelleFenetre}
                        className={styles.link}
                      >
                        {link.titre}
                      </SmartLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        ) : null}
        {phone ? (
          <section className={styles.phone} aria-label={t('pied.telephone')}>
            {phone.libelleServiceClientele ? (
              <h2 className={styles.columnTitle}>{phone.libelleServiceClientele}</h2>
            ) : null}
            {phone.numeroTelephone ? (
              <p className={styles.number}>
                {phone.numeroTelephoneLien ? (
                  <a href={phone.numeroTelephoneLien}>{phone.numeroTelephone}</a>
                ) : (
                  phone.numeroTelephone
                )}
              </p>
            ) : null}
            {phone.url && phone.libelleBoutonJoindre ? (
              <SmartLink href={phone.url} newWindow={phone.nouvelleFenetre} className="button">
                {phone.libelleBoutonJoindre}
              </SmartLink>
            ) : null}
          </section>
        ) : null}
      </div>
      <div className={`${styles.logoRow} container`}>
        <Logos items={footer.socialLogos} label={t('pied.reseaux')} className={styles.social} />
        <Logos items={footer.corporateLogos} label={t('pied.entreprise')} />
      </div>
      {footer.partners.length > 0 ? (
        <div className={`${styles.partners} container`}>
          <Logos items={footer.partners} label={t('pied.partenaires')} />
        </div>
      ) : null}
      {footer.noteLegale ? (
        <div className={`${styles.legal} container`}>
          <RichText html={footer.noteLegale} />
        </div>
      ) : null}
      <LegalStrip brand={brand} year={year} />
    </>
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
