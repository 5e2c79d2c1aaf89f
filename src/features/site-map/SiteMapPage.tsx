/**
 * The HTML site map (docs/decisions/0032-html-site-map.md): the pages of the content service's
 * listing shown at the logical date, grouped by section, with the sports area at the head.
 */
import type { SiteMapGroup } from '../../domain/site-map';
import { sportsHome } from '../../domain/routes';
import type { MessageKey } from '../../i18n/catalogue';
import { useLateT, useLocale } from '../../ui/i18n';
import { SmartLink } from '../../ui/SmartLink';
import styles from './SiteMapPage.module.css';

const GROUP_TITLES: Record<Exclude<SiteMapGroup['key'], 'section'>, MessageKey> = {
  home: 'planSite.groupe.accueil',
  promotions: 'planSite.groupe.promotions',
  winners: 'planSite.groupe.gagnants',
  chronicles: 'planSite.groupe.chroniques',
  other: 'planSite.groupe.autres',
};

export function SiteMapPage({ groups }: { groups: SiteMapGroup[] }) {
  const t = useLateT();
  const locale = useLocale();
  const sports = { href: sportsHome(locale), title: t('sports.titre') };
  return (
    <div className={`${styles.siteMap} container`}>
      <h1 className={styles.title}>{t('planSite.titre')}</h1>
      {groups.length === 0 ? (
        <div className={styles.empty}>
          <p>{t('planSite.vide')}</p>
          <SmartLink href={sports.href} className="button">
            {t('erreur.retour')}
          </SmartLink>
        </div>
      ) : (
        <div className={styles.groups}>
          {groups.map((group) => {
            const title = group.key === 'section' ? group.title : t(GROUP_TITLES[group.key]);
            const id = `plan-${group.key === 'section' ? `section-${group.segment}` : group.key}`;
            const links = group.key === 'home' ? [sports, ...group.links] : group.links;
            return (
              <section key={id} className={styles.group} aria-labelledby={id}>
                <h2 id={id} className={styles.groupTitle}>
                  {title}
                </h2>
                <ul className={styles.links}>
                  {links.map((link) => (
                    <li key={link.href}>
                      <SmartLink href={link.href}>{link.title}</SmartLink>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}
