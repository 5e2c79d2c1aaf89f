/**
 * Bars above the header: the content service's messages (dismissible for the visit) and the
 * error alerts of docs/requirements.md §8 (service failure, dismissible; cookies refused).
 */
import { useState } from 'react';
import type { Locale } from '../../domain/locale';
import { cookiesHelpPath } from '../../domain/routes';
import { useT } from '../../ui/i18n';
import { RichText } from '../../ui/RichText';
import { SmartLink } from '../../ui/SmartLink';
import styles from './HeaderBars.module.css';

function CloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className={styles.close} onClick={onClick}>
      <span aria-hidden="true">×</span>
      <span className="visually-hidden">{label}</span>
    </button>
  );
}

export function ServiceErrorBar() {
  const t = useT();
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <div className={`${styles.bar} ${styles.error}`} role="alert" data-testid="service-error">
      <div className={`${styles.inner} container`}>
        <p className={styles.text}>{t('entete.erreurs.services')}</p>
        <CloseButton label={t('entete.erreurs.fermer')} onClick={() => setOpen(false)} />
      </div>
    </div>
  );
}

export function CookiesErrorBar({ locale }: { locale: Locale }) {
  const t = useT();
  return (
    <div className={`${styles.bar} ${styles.error}`} role="alert" data-testid="cookies-error">
      <div className={`${styles.inner} container`}>
        <p className={styles.text}>
          {t('entete.erreurs.cookies')}{' '}
          <SmartLink href={cookiesHelpPath(locale)} className={styles.link}>
            {t('entete.erreurs.cookies.lien')}
          </SmartLink>
        </p>
      </div>
    </div>
  );
}

export function MessageBar({
  messages,
  onDismiss,
}: {
  messages: { id: string; texte: string }[];
  onDismiss: () => void;
}) {
  const t = useT();
  return (
    <section
      className={`${styles.bar} ${styles.message}`}
      aria-label={t('entete.messages')}
      data-testid="message-bar"
    >
      <div className={`${styles.inner} container`}>
        <div className={styles.messages}>
          {messages.map((message) => (
            <RichText key={message.id} html={message.texte} className={styles.text} />
          ))}
        </div>
        <CloseButton label={t('entete.messages.fermer')} onClick={onDismiss} />
      </div>
    </section>
  );
}
