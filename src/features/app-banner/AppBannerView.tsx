/**
 * The app banner's markup, one for both of its lives: rendered by React once the site runs
 * (AppBanner), and by the server into inert templates that the early start copies for a phone
 * before the site's code has come (AppBannerTemplates, early.ts).
 */
import type { Ref } from 'react';
import { useT } from '../../ui/i18n';
import { useNoReferrer } from '../../ui/link-base';
import { BANNER_ACTION, type BannerAction } from './markers';
import type { StorePlatform } from './platform';
import styles from './AppBanner.module.css';

interface AppBannerViewProps {
  platform: StorePlatform;
  storeUrl: string;
  brand: string;
  titleId: string;
  textId: string;
  /** "Don't show again" (forever) or the close button; none in a template. */
  onClose?: (forever: boolean) => void;
  sectionRef?: Ref<HTMLElement>;
}

export function AppBannerView({
  platform,
  storeUrl,
  brand,
  titleId,
  textId,
  onClose,
  sectionRef,
}: AppBannerViewProps) {
  const t = useT();
  const noReferrer = useNoReferrer();
  const action = (name: BannerAction) => ({ [BANNER_ACTION]: name });
  return (
    <section
      ref={sectionRef}
      className={styles.banner}
      aria-labelledby={titleId}
      data-testid="app-banner"
      data-platform={platform}
    >
      <span className={styles.mark} aria-hidden="true">
        ◆
      </span>
      <div className={styles.text}>
        <p id={titleId} className={styles.title}>
          {t('app.titre')}
        </p>
        <p id={textId} className={styles.body}>
          {t(platform === 'android' ? 'app.texte.android' : 'app.texte.ios', { brand })}
        </p>
      </div>
      <div className={styles.actions}>
        <a
          className={`button ${styles.store}`}
          href={storeUrl}
          rel={noReferrer ? 'noopener noreferrer' : 'noopener'}
          aria-describedby={textId}
          {...action('store')}
        >
          {t('app.telecharger')}
        </a>
        <button
          type="button"
          className={styles.never}
          onClick={onClose && (() => onClose(true))}
          {...action('never')}
        >
          {t('app.nePlusAfficher')}
        </button>
      </div>
      <button
        type="button"
        className={styles.close}
        aria-label={t('app.fermer')}
        onClick={onClose && (() => onClose(false))}
        {...action('close')}
      >
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}
