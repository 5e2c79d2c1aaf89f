/**
 * The page header (docs/requirements.md §1): logo to the sports home, the menu, the "buy in store" link, the
 * other-language link, the logical date in dev mode, and the message and error bars above.
 */
import { use, useRef } from 'react';
import type { Site } from '../../content/models';
import { otherLocale } from '../../domain/locale';
import { sportsHome } from '../../domain/routes';
import { EditContext, editList, editRegion } from '../../ui/edit-context';
import { useLocale, useT } from '../../ui/i18n';
import { useLinkBase, useNoReferrer } from '../../ui/link-base';
import { useRawLocationHash } from '../../ui/location-hash';
import { isPlainClick, navigate } from '../../ui/navigation';
import { SmartLink } from '../../ui/SmartLink';
import { CookiesErrorBar, MessageBar, ServiceErrorBar } from './HeaderBars';
import { MainMenu } from './MainMenu';
import styles from './SiteHeader.module.css';

interface SiteHeaderProps {
  brand: string;
  /** Header content, or null when its call failed. */
  header: Site['header'] | null;
  /** Where the other-language link leads; none when the view has no counterpart. */
  alternate: string | undefined;
  /** Shown in dev mode (docs/requirements.md §6). */
  logicalDate: string | undefined;
  path: string;
  messagesDismissed: boolean;
  onDismissMessages: () => void;
  cookiesDisabled: boolean;
}

export function SiteHeader(props: SiteHeaderProps) {
  const { brand, header, alternate, logicalDate, path } = props;
  const t = useT();
  const locale = useLocale();
  const base = useLinkBase();
  const noReferrer = useNoReferrer();
  const other = otherLocale(locale);
  // The link's own address keeps the fragment (an accordion's anchor, a tab's key names the same
  // place in both languages), so that a new tab or a copied link keeps it too (issue 33). The
  // server cannot know it: the href gains it after hydration. On other systems' pages the
  // fragment is theirs, not the site's.
  const hash = useRawLocationHash();
  const buy = header?.achatEnMagasin;
  const buyLink = (className: string | undefined) =>
    buy ? (
      <SmartLink href={buy.lien} newWindow={buy.nouvelleFenetre} className={className}>
        {buy.texte}
      </SmartLink>
    ) : null;
  const messages = header?.messages ?? [];
  const edit = use(EditContext);
  const bar = useRef<HTMLDivElement>(null);
  // A bar closed takes its button away: focus goes on to the logo, the next control, instead of
  // falling to the page's body (WCAG 2.4.3).
  const focusLogo = () => bar.current?.querySelector<HTMLElement>('a')?.focus();
  return (
    <header className={styles.header}>
      {base ? null : (
        <a className="skip-link" href="#mount-main">
          {t('site.evitement')}
        </a>
      )}
      {logicalDate ? (
        <p className={styles.devStrip} data-testid="logical-date">
          {t('site.dateLogique', { date: logicalDate })}
        </p>
      ) : null}
      {header === null ? <ServiceErrorBar onClosed={focusLogo} /> : null}
      {props.cookiesDisabled ? <CookiesErrorBar locale={locale} /> : null}
      {messages.length > 0 && !props.messagesDismissed ? (
        <MessageBar
          messages={messages}
          onDismiss={() => {
            focusLogo();
            props.onDismissMessages();
          }}
        />
      ) : edit?.plan.site ? (
        // The site node's edit view: the messages' area, to add to, where the bar would be.
        editList(edit, 'messages', 'message', messages, () => null)
      ) : null}
      <div className={styles.barWrap}>
        <div ref={bar} className={`${styles.bar} container`}>
          <SmartLink href={sportsHome(locale)} className={styles.logo}>
            <span aria-hidden="true" className={styles.mark}>
              ◆
            </span>
            <span>{brand}</span>
            <span className="visually-hidden">{` — ${t('site.logo.aria')}`}</span>
          </SmartLink>
          <MainMenu groups={header?.menu ?? []} path={path} extra={buyLink(styles.buyInPanel)} />
          <div className={styles.tools}>
            {editRegion(edit, 'achatEnMagasin', buyLink(`button ${styles.buy}`))}
            {alternate ? (
              <a
                href={base ? base + alternate : alternate + hash}
                className={styles.language}
                hrefLang={other === 'fr' ? 'fr-CA' : 'en-CA'}
                lang={other === 'fr' ? 'fr-CA' : 'en-CA'}
                data-testid="language-link"
                rel={noReferrer}
                onClick={(event) => {
                  if (base || !isPlainClick(event)) return;
                  event.preventDefault();
                  // The fragment names the same place in both languages (an accordion's
                  // anchor, a tab's key): the visitor stays there.
                  navigate(alternate + window.location.hash);
                }}
              >
                <span aria-hidden="true">{t('site.langue.autre.court')}</span>
                <span className="visually-hidden">{t('site.langue.autre.aria')}</span>
              </a>
            ) : null}
          </div>
        </div>
      </div>
    </header>
  );
}
