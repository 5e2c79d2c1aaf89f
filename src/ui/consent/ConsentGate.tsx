/**
 * Shows an overlay instead of a third party's embed until the visitor consents to that vendor.
 * Nothing of the vendor is requested before: the server never renders the embed (it cannot know
 * the choice), and the browser renders it only once consent is there.
 */
import { useSyncExternalStore, type ReactNode } from 'react';
import { useT } from '../i18n';
import { consentManager, type Vendor } from './consent';
import styles from './ConsentGate.module.css';

const subscribe = (listener: () => void) => consentManager().subscribe(listener);

export function useConsent(vendor: Vendor): boolean {
  return useSyncExternalStore(
    subscribe,
    () => consentManager().has(vendor),
    () => false,
  );
}

interface ConsentGateProps {
  vendor: Vendor;
  /** Keeps the embed's shape while the overlay shows: no layout shift on consent. */
  ratio?: 'video' | 'podcast';
  children: () => ReactNode;
}

export function ConsentGate({ vendor, ratio = 'video', children }: ConsentGateProps) {
  const t = useT();
  const granted = useConsent(vendor);
  return (
    <div
      className={`${styles.frame} ${ratio === 'video' ? styles.video : styles.podcast}`}
      data-consent={vendor}
    >
      {granted ? (
        children()
      ) : (
        <div className={styles.overlay} data-testid={`consent-overlay-${vendor}`}>
          <p className={styles.text}>
            {vendor === 'video' ? t('consentement.video') : t('consentement.balado')}
          </p>
          <button type="button" className="button" onClick={() => consentManager().grant(vendor)}>
            {t('consentement.accepter')}
          </button>
        </div>
      )}
    </div>
  );
}
