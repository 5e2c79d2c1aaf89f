/**
 * The footer's body drawn from the site node (docs/decisions/0042): menu columns, phone, logos,
 * partners, legal note and the legal strip. In a chunk of its own: a page keeps the server's
 * markup for it, and the browser needs this only after a change of language.
 */
import { use } from 'react';
import type { LogoItem, Site } from '../../content/models';
import { EditContext, editList, editRegion } from '../../ui/edit-context';
import { useT } from '../../ui/i18n';
import { useNoReferrer } from '../../ui/link-base';
import { RichText } from '../../ui/RichText';
import { SmartLink } from '../../ui/SmartLink';
import { LegalStrip } from './LegalStrip';
import styles from './SiteFooter.module.css';

export interface FooterBodyProps {
  footer: Site['footer'];
  brand: string;
  year: number;
}

function Logos({
  area,
  items,
  label,
  className,
}: {
  /** The site node's area they come from. */
  area: string;
  items: LogoItem[];
  label: string;
  className?: string;
}) {
  const edit = use(EditContext);
  if (items.length === 0 && !edit?.plan.site) return null;
  return (
    <ul className={`${styles.logos} ${className ?? ''}`} aria-label={label}>
      {editList(edit, area, 'logo', items, (item) => {
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

/** Menu columns, phone, logos, partners, legal note and the legal strip. */
export function FooterBody({ footer, brand, year }: FooterBodyProps) {
  const t = useT();
  const noReferrer = useNoReferrer();
  const phone = footer.telephone;
  const edit = use(EditContext);
  const editsSite = edit?.plan.site;
  return (
    <>
      <div className={`${styles.main} container`} data-testid="footer-menus">
        {footer.menu.length > 0 || editsSite ? (
          <nav className={styles.columns} aria-label={t('pied.navigation')}>
            {editList(edit, 'menu', 'colonne-pied', footer.menu, (column) => (
              <div key={column.id} className={styles.column}>
                {column.entete ? <h2 className={styles.columnTitle}>{column.entete}</h2> : null}
                <ul className={styles.links}>
                  {editList(edit, 'liens', 'lien-pied', column.links, (link) => (
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
        {editRegion(
          edit,
          'telephone',
          phone ? (
            <section className={styles.phone} aria-label={t('pied.telephone')}>
              {phone.libelleServiceClientele ? (
                <h2 className={styles.columnTitle}>{phone.libelleServiceClientele}</h2>
              ) : null}
              {phone.numeroTelephone ? (
                <p className={styles.number}>
                  {phone.numeroTelephoneLien ? (
                    <a href={phone.numeroTelephoneLien} rel={noReferrer}>
                      {phone.numeroTelephone}
                    </a>
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
          ) : null,
        )}
      </div>
      <div className={`${styles.logoRow} container`} data-testid="footer-logos">
        <Logos
          area="logos-medias-sociaux"
          items={footer.socialLogos}
          label={t('pied.reseaux')}
          className={styles.social}
        />
        <Logos area="logos-corpo" items={footer.corporateLogos} label={t('pied.entreprise')} />
      </div>
      {footer.partners.length > 0 || editsSite ? (
        <div className={`${styles.partners} container`} data-testid="footer-partners">
          <Logos area="partenaires" items={footer.partners} label={t('pied.partenaires')} />
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
