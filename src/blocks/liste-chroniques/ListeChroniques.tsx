/**
 * Chroniques list (docs/requirements.md §4, §5): 4 shown, 4 more per click, each with its date, columnist and
 * summary, linking to its own `lien` or to its page. "No chroniques" when there are none.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { ChroniqueCard } from '../../content/models';
import { formatLongDate, parseIsoInstant } from '../../domain/dates';
import { regionProps } from '../../ui/region';
import { Heading, NestIf } from '../../ui/Heading';
import { useLocale, useT } from '../../ui/i18n';
import { useTimeZone } from '../../ui/now';
import { SmartLink } from '../../ui/SmartLink';
import { useBlockData } from '../../ui/block-data';
import type { BlockProps } from '../types';
import styles from './ListeChroniques.module.css';

const CHRONIQUES_STEP = 4;

function Card({ card, timeZone }: { card: ChroniqueCard; timeZone: string }) {
  const locale = useLocale();
  const date = parseIsoInstant(card.dateChronique);
  return (
    <article className={styles.card}>
      {card.image ? (
        <img
          src={card.image.src}
          alt=""
          className={styles.image}
          loading="lazy"
          decoding="async"
          width={400}
          height={225}
        />
      ) : null}
      <div className={styles.body}>
        <Heading className={styles.cardTitle}>
          <SmartLink href={card.href} newWindow={card.newWindow} className={styles.link}>
            {card.titre}
          </SmartLink>
        </Heading>
        <p className={styles.meta}>
          {card.nomChroniqueur ? <span>{card.nomChroniqueur}</span> : null}
          {date !== null ? (
            <time dateTime={card.dateChronique}>{formatLongDate(date, locale, timeZone)}</time>
          ) : null}
        </p>
        <p className={styles.summary}>{card.summary}</p>
      </div>
    </article>
  );
}

export function ListeChroniques({ component }: BlockProps<'liste-chroniques'>) {
  const headingId = useId();
  const t = useT();
  const cards = useBlockData().chroniques;
  const [shown, setShown] = useState(CHRONIQUES_STEP);
  const list = useRef<HTMLOListElement>(null);
  const focusFrom = useRef<number | null>(null);

  useEffect(() => {
    if (cards === null) console.warn('Chroniques could not be loaded.');
  }, [cards]);

  // After "more", focus moves to the first newly shown chronique, so keyboard users carry on there.
  useEffect(() => {
    if (focusFrom.current === null) return;
    list.current?.querySelectorAll<HTMLAnchorElement>('a')[focusFrom.current]?.focus();
    focusFrom.current = null;
  }, [shown]);

  const zone = useTimeZone();
  const all = cards ?? [];
  return (
    <section
      className={`${styles.chroniques} frame-contained`}
      {...regionProps(component.fields.title, headingId)}
    >
      {component.fields.title ? (
        <Heading className={styles.title} id={headingId}>
          {component.fields.title}
        </Heading>
      ) : null}
      {all.length === 0 ? (
        <p className={styles.empty}>{t('chroniques.aucune')}</p>
      ) : (
        <NestIf when={!!component.fields.title}>
          <ol ref={list} className={styles.grid}>
            {all.slice(0, shown).map((card) => (
              <li key={card.id}>
                <Card card={card} timeZone={zone} />
              </li>
            ))}
          </ol>
          {shown < all.length ? (
            <button
              type="button"
              className={`button ${styles.more}`}
              onClick={() => {
                focusFrom.current = shown;
                setShown((n) => n + CHRONIQUES_STEP);
              }}
            >
              {t('chroniques.plus')}
            </button>
          ) : null}
        </NestIf>
      )}
    </section>
  );
}
