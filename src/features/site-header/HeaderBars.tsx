/**
 * Bars above the header: the content service's messages (dismissible for the visit) and the
 * error alerts of docs/requirements.md §8 (service failure, dismissible; cookies refused).
 * The service alert is an open non-modal `<dialog>` whose close button submits a `method="dialog"`
 * form, and the messages' close shows a popover that hides their bar: the server's HTML closes
 * either by itself, before the site's code or without it.
 */
import { use, useState } from 'react';
import type { Locale } from '../../domain/locale';
import { cookiesHelpPath } from '../../domain/routes';
import { EditContext, editList } from '../../ui/edit-context';
import { useT } from '../../ui/i18n';
import { RichText } from '../../ui/RichText';
import { SmartLink } from '../../ui/SmartLink';
import styles from './HeaderBars.module.css';

function CloseButton({
  label,
  onClick,
  submit = false,
}: {
  label: string;
  onClick: () => void;
  /** Submits its form (a `method="dialog"` one) when the site's code is not there to click. */
  submit?: boolean;
}) {
  return (
    <button
      type={submit ? 'submit' : 'button'}
      className={styles.close}
      onClick={(event) => {
        event.preventDefault();
        onClick();
      }}
    >
      <span aria-hidden="true">×</span>
      <span className="visually-hidden">{label}</span>
    </button>
  );
}

/**
 * `onClosed` moves focus on, once a bar is closed: it must not fall to the page's body. An open
 * non-modal `<dialog>` with a `method="dialog"` close (issue 33): the server's HTML closes it
 * without the site's code.
 */
export function ServiceErrorBar({ onClosed }: { onClosed: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <dialog
      open
      className={`${styles.bar} ${styles.error} ${styles.dialog}`}
      aria-label={t('entete.erreurs')}
      data-header-bar=""
    >
      <div className={`${styles.inner} container`} role="alert" data-testid="service-error">
        <p className={styles.text}>{t('entete.erreurs.services')}</p>
        <form method="dialog" className={styles.form}>
          <CloseButton
            label={t('entete.erreurs.fermer')}
            onClick={() => {
              onClosed();
              setOpen(false);
            }}
            submit
          />
        </form>
      </div>
    </dialog>
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

/**
 * What the message bar's close shows without the site's code: an empty popover, which the style
 * sheet reads as "the bar is closed" (an `app-` id, which content may not use: src/domain/ids.ts).
 */
export const MESSAGES_CLOSED_ID = 'app-messages-closed';
/** Likewise, what the phone's "in full" button toggles: open, every message shows whole. */
export const MESSAGES_FULL_ID = 'app-messages-full';

/**
 * The content service's messages: a labelled region in the header, not a dialog (issue 45: a
 * screen reader announced a dialog on every page). Its close is a real button. Without the site's
 * code, or before it, the browser's own popover attributes close the bar: the button shows an
 * empty popover and the style sheet hides the bar holding it (issue 33); once the code is in, the
 * click is the site's and remembers the choice for the visit. On a phone each message keeps one
 * line until a second button, by the same means, shows them all in full (issue 45;
 * docs/decisions/0089-message-bar-a-region-closed-by-popover.md).
 */
export function MessageBar({
  messages,
  onDismiss,
}: {
  messages: { id: string; texte: string }[];
  onDismiss: () => void;
}) {
  const t = useT();
  const edit = use(EditContext);
  return (
    <section
      className={`${styles.bar} ${styles.message}`}
      aria-label={t('entete.messages')}
      data-testid="message-bar"
    >
      <div className={`${styles.inner} container`}>
        <div className={styles.messages}>
          {editList(edit, 'messages', 'message', messages, (message) => (
            <RichText key={message.id} html={message.texte} className={styles.text} />
          ))}
        </div>
        <button
          type="button"
          className={`${styles.close} ${styles.more}`}
          popoverTarget={MESSAGES_FULL_ID}
          popoverTargetAction="toggle"
        >
          <span className={styles.chevron} aria-hidden="true" />
          <span className="visually-hidden">{t('entete.messages.entier')}</span>
        </button>
        <div id={MESSAGES_FULL_ID} popover="manual" className={styles.full} />
        <button
          type="button"
          className={styles.close}
          popoverTarget={MESSAGES_CLOSED_ID}
          popoverTargetAction="show"
          onClick={(event) => {
            event.preventDefault();
            onDismiss();
          }}
        >
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{t('entete.messages.fermer')}</span>
        </button>
        <div id={MESSAGES_CLOSED_ID} popover="manual" className={styles.closed} />
      </div>
    </section>
  );
}
