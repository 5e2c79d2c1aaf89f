/**
 * The site's own cookie-settings dialog, for the built-in consent store (docs/requirements.md,
 * "Settled points"): one switch per vendor the site gates, showing the stored choice; Save writes
 * every change to the store, whose subscribers (the consent gates) load or remove their embeds.
 * Cancel, X, Escape and the backdrop close without saving.
 *
 * A native modal <dialog> like the technical-help one (src/ui/modal-dialog.ts).
 */
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import type { MessageKey } from '../../i18n/catalogue';
import {
  consentManager,
  VENDOR_LIST,
  type ConsentManager,
  type Vendor,
} from '../../ui/consent/consent';
import { useLateT } from '../../ui/i18n';
import { closeOnBackdrop, useShowModal, wrapTab } from '../../ui/modal-dialog';
import modal from '../../ui/modal-dialog.module.css';
import styles from './ConsentPreferences.module.css';

const LABELS: Record<Vendor, { name: MessageKey; detail: MessageKey }> = {
  video: {
    name: 'consentement.fournisseur.video',
    detail: 'consentement.fournisseur.video.detail',
  },
  podcast: {
    name: 'consentement.fournisseur.podcast',
    detail: 'consentement.fournisseur.podcast.detail',
  },
};

interface ConsentPreferencesProps {
  onClosed: () => void;
  /** The page's consent manager unless a test gives one. */
  manager?: ConsentManager;
}

export function ConsentPreferences({
  onClosed,
  manager = consentManager(),
}: ConsentPreferencesProps) {
  const t = useLateT();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [choices, setChoices] = useState(
    () =>
      Object.fromEntries(VENDOR_LIST.map((v) => [v, manager.has(v)])) as Record<Vendor, boolean>,
  );

  useShowModal(dialog);

  const save = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    for (const vendor of VENDOR_LIST) {
      if (choices[vendor] === manager.has(vendor)) continue;
      if (choices[vendor]) manager.grant(vendor);
      else manager.withdraw(vendor);
    }
    dialog.current?.close();
  };

  return (
    <dialog
      ref={dialog}
      className={`${modal.dialog} ${modal.light} ${styles.dialog}`}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      data-testid="consent-preferences"
      onClose={onClosed}
      onKeyDown={wrapTab}
      onClick={closeOnBackdrop}
    >
      <form className={modal.content} onSubmit={save}>
        <div className={modal.head}>
          <h2 id={`${id}-title`} className={modal.title}>
            {t('consentement.preferences.titre')}
          </h2>
          <button
            type="button"
            className={modal.close}
            aria-label={t('config.fermer')}
            onClick={() => dialog.current?.close()}
          >
            X
          </button>
        </div>
        <p id={`${id}-intro`} className={modal.intro}>
          {t('consentement.preferences.intro')}
        </p>
        <ul className={styles.vendors}>
          {VENDOR_LIST.map((vendor) => (
            <li key={vendor} className={styles.vendor}>
              <label htmlFor={`${id}-${vendor}`} className={styles.name}>
                {t(LABELS[vendor].name)}
              </label>
              <span id={`${id}-${vendor}-detail`} className={styles.detail}>
                {t(LABELS[vendor].detail)}
              </span>
              <input
                id={`${id}-${vendor}`}
                type="checkbox"
                role="switch"
                className={styles.switch}
                checked={choices[vendor]}
                aria-describedby={`${id}-${vendor}-detail`}
                data-vendor={vendor}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  setChoices((current) => ({ ...current, [vendor]: checked }));
                }}
              />
            </li>
          ))}
        </ul>
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => dialog.current?.close()}
          >
            {t('consentement.preferences.annuler')}
          </button>
          <button type="submit" className="button">
            {t('consentement.preferences.enregistrer')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
