/**
 * The technical-help modal (docs/requirements.md §2 "Config modal"): the visitor's browser configuration.
 * It opens on the `client-config` link action; nothing of it (not even the user-agent parser)
 * is loaded before that.
 *
 * A native modal <dialog>: showModal() makes the rest of the page inert, Escape closes it,
 * the top layer puts it above everything. The page behind stops scrolling (CSS), Tab wraps
 * inside it, and focus goes back to what opened it.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLateT } from '../../ui/i18n';
import { closeOnBackdrop, useShowModal, wrapTab } from '../../ui/modal-dialog';
import { LINK_ACTION_EVENT } from '../../ui/navigation';
import { loadBrowserInfo, type BrowserInfo } from './browser-info';
import { CLIENT_CONFIG_ACTION } from './open';
import modal from '../../ui/modal-dialog.module.css';
import styles from './TechHelp.module.css';

export function TechHelp({ initiallyOpen = false }: { initiallyOpen?: boolean } = {}) {
  const [open, setOpen] = useState(initiallyOpen);
  // Loaded on demand (TechHelpOnDemand), it opens for the action that asked for it: what had the
  // focus then opened it.
  const opener = useRef<HTMLElement | null>(
    initiallyOpen &&
      document.activeElement instanceof HTMLElement &&
      document.activeElement !== document.body
      ? document.activeElement
      : null,
  );

  useEffect(() => {
    const onAction = (event: Event) => {
      if ((event as CustomEvent<unknown>).detail !== CLIENT_CONFIG_ACTION) return;
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      setOpen(true);
    };
    window.addEventListener(LINK_ACTION_EVENT, onAction);
    return () => window.removeEventListener(LINK_ACTION_EVENT, onAction);
  }, []);

  if (!open) return null;
  return (
    <TechHelpDialog
      onClosed={() => {
        setOpen(false);
        // The browser does this for a modal dialog too, but not for an opener that a click
        // did not focus (Safari's links and buttons): do it explicitly.
        if (opener.current?.isConnected) opener.current.focus();
        opener.current = null;
      }}
    />
  );
}

type Loaded = BrowserInfo | 'loading' | 'error';

function TechHelpDialog({ onClosed }: { onClosed: () => void }) {
  const t = useLateT();
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [info, setInfo] = useState<Loaded>('loading');

  useShowModal(dialog);

  useEffect(() => {
    let current = true;
    loadBrowserInfo().then(
      (value) => current && setInfo(value),
      (error: unknown) => {
        console.warn('Technical help: the browser configuration could not be read.', error);
        if (current) setInfo('error');
      },
    );
    return () => {
      current = false;
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className={`${modal.dialog} ${modal.light} ${styles.dialog}`}
      aria-labelledby={titleId}
      data-testid="tech-help"
      onClose={onClosed}
      onKeyDown={wrapTab}
      onClick={closeOnBackdrop}
    >
      <div className={modal.content}>
        <div className={modal.head}>
          <h2 id={titleId} className={modal.title}>
            {t('config.titre')}
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
        <p className={modal.intro}>{t('config.intro')}</p>
        {info === 'loading' ? (
          <p role="status">{t('config.chargement')}</p>
        ) : info === 'error' ? (
          <p role="alert">{t('config.erreur')}</p>
        ) : (
          <BrowserDetails info={info} />
        )}
      </div>
    </dialog>
  );
}

function Row({ label, children, id }: { label: string; children: ReactNode; id: string }) {
  return (
    <div className={styles.row} data-field={id}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function BrowserDetails({ info }: { info: BrowserInfo }) {
  const t = useLateT();
  const known = (value: string) => value || t('config.inconnu');
  const yesNo = (value: boolean) => t(value ? 'config.oui' : 'config.non');
  const tech = info.infosTechniques;
  return (
    <>
      <dl className={styles.list}>
        <Row id="navigateur" label={t('config.navigateur')}>
          {known(info.navigateur)}
        </Row>
        <Row id="langue" label={t('config.langue')}>
          {known(info.langue)}
        </Row>
        <Row id="aCookies" label={t('config.cookies')}>
          {yesNo(info.aCookies)}
        </Row>
        <Row id="os" label={t('config.os')}>
          {known(info.os)}
        </Row>
        <Row id="estMobile" label={t('config.mobile')}>
          {yesNo(info.estMobile)}
        </Row>
      </dl>
      <h3 className={styles.subtitle}>{t('config.infosTechniques')}</h3>
      <dl className={`${styles.list} ${styles.technical}`}>
        <Row id="userAgent" label={t('config.tech.userAgent')}>
          <code className={styles.code}>{tech.userAgent}</code>
        </Row>
        <Row id="moteur" label={t('config.tech.moteur')}>
          {known(tech.moteur)}
        </Row>
        <Row id="ecran" label={t('config.tech.ecran')}>
          {tech.ecran}
        </Row>
        <Row id="densite" label={t('config.tech.densite')}>
          {tech.densite}
        </Row>
        <Row id="fenetre" label={t('config.tech.fenetre')}>
          {tech.fenetre}
        </Row>
        <Row id="tactile" label={t('config.tech.tactile')}>
          {tech.pointsTactiles > 0
            ? t('config.tech.tactile.oui', { count: tech.pointsTactiles })
            : t('config.non')}
        </Row>
        <Row id="fuseau" label={t('config.tech.fuseau')}>
          {known(tech.fuseau)}
        </Row>
        <Row id="langues" label={t('config.tech.langues')}>
          {known(tech.langues.join(', '))}
        </Row>
      </dl>
    </>
  );
}
