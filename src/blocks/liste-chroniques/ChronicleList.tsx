/**
 * Chroniques list (docs/requirements.md §4, §5): 4 shown, 4 more per click, each with its date, columnist and
 * summary, linking to its own `lien` or to its page. "No chroniques" when there are none.
 */
import { use, useContext, useEffect, useId, useRef, useState } from 'react';
import type { BlockData, ChronicleCard } from '../../content/models';
import { formatLongDate, parseIsoInstant } from '../../domain/dates';
import type { Locale } from '../../domain/locale';
import { CHRONICLES_PAGE_SIZE } from '../../domain/text';
import { regionProps } from '../../ui/region';
import { Heading, NestIf } from '../../ui/Heading';
import { useLocale, useT } from '../../ui/i18n';
import { useTimeZone } from '../../ui/now';
import { SmartLink } from '../../ui/SmartLink';
import { LoadChroniclesContext, useBlockData, type LoadChronicles } from '../../ui/block-data';
import type { BlockProps } from '../types';
import { MoreLink } from '../shared/MoreLink';
import styles from './ChronicleList.module.css';

function Card({ card, timeZone }: { card: ChronicleCard; timeZone: string }) {
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
            {card.title}
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

/**
 * Where a "more" link lands: each block's first card but the list's first (the list's own id and
 * the card's place, short: the link is in every page with the list; docs/decisions/0078).
 */
function cardId(listId: string, index: number): string | undefined {
  if (index === 0 || index % CHRONICLES_PAGE_SIZE !== 0) return undefined;
  return `${listId.replace(/[^\w-]/g, '')}-${index}`;
}

// One request per block data, shared by the hydration's wait and the "more" link.
const asked = new WeakMap<BlockData, Promise<ChronicleCard[] | null>>();

function askCards(data: BlockData, load: LoadChronicles, locale: Locale) {
  const known = asked.get(data);
  if (known) return known;
  const answer = load(locale);
  asked.set(data, answer);
  return answer;
}

export function ChronicleList({ component }: BlockProps<'liste-chroniques'>) {
  const headingId = useId();
  const t = useT();
  const locale = useLocale();
  const data = useBlockData();
  const load = useContext(LoadChroniclesContext);
  // The cards past the first block, once fetched for this very data (docs/decisions/0041).
  const [fetched, setFetched] = useState<{
    for: BlockData;
    cards: ChronicleCard[] | null;
  } | null>(null);
  const asked = useRef<BlockData | null>(null);
  // As many as the page's address says (its "more" link's count, docs/decisions/0078), else 4.
  const [shown, setShown] = useState(data.chroniclesShown ?? CHRONICLES_PAGE_SIZE);
  const list = useRef<HTMLOListElement>(null);
  const focusFrom = useRef<number | null>(null);

  // Left out of the hydration state (docs/decisions/0051): the server's markup stays while the
  // list waits for the cards here, and it hydrates with them.
  const later = data.chroniclesLater && load ? use(askCards(data, load, locale)) : undefined;
  const mine =
    fetched?.for === data ? fetched : later !== undefined ? { for: data, cards: later } : null;
  const cards = mine?.cards ?? data.chronicles;
  const all = cards ?? [];
  // Until the rest has come (or failed), the server's count.
  const total = mine ? all.length : Math.max(all.length, data.chroniclesTotal ?? 0);
  const waiting = Math.min(shown, total) > all.length;

  useEffect(() => {
    if (cards === null) console.warn('Chroniques could not be loaded.');
  }, [cards]);

  // Cards to show that the page does not hold: asked for once per page data.
  useEffect(() => {
    if (!waiting || !load || asked.current === data) return;
    asked.current = data;
    void askCards(data, load, locale).then((found) => setFetched({ for: data, cards: found }));
  }, [waiting, load, data, locale]);

  // After "more", focus moves to the first newly shown chronique, so keyboard users carry on
  // there; when it is still on its way, once it comes.
  useEffect(() => {
    const index = focusFrom.current;
    if (index === null) return;
    const link = list.current?.querySelectorAll<HTMLAnchorElement>('a')[index];
    if (!link) {
      if (index >= all.length && waiting) return;
      focusFrom.current = null;
      return;
    }
    focusFrom.current = null;
    link.focus();
  }, [shown, all.length, waiting]);

  const zone = useTimeZone();
  const itemId = (index: number) => cardId(headingId, index);
  return (
    <section
      className={`${styles.list} frame-contained`}
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
          <ol ref={list} className={styles.grid} aria-busy={waiting || undefined}>
            {all.slice(0, shown).map((card, index) => (
              <li key={card.id} id={itemId(index)}>
                <Card card={card} timeZone={zone} />
              </li>
            ))}
          </ol>
          {shown < total ? (
            // A link that works without script: the page with 4 more, on the first new card
            // (`?chroniques=`, src/domain/show-more.ts; docs/decisions/0078).
            <MoreLink
              href={`?chroniques=${Math.min(total, shown + CHRONICLES_PAGE_SIZE)}#${itemId(shown) ?? ''}`}
              onMore={() => {
                focusFrom.current = shown;
                setShown((n) => n + CHRONICLES_PAGE_SIZE);
              }}
              className={styles.more}
            >
              {t('chroniques.plus')}
            </MoreLink>
          ) : null}
        </NestIf>
      )}
    </section>
  );
}
