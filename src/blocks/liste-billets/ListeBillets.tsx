/**
 * Winning-ticket list (docs/requirements.md §2, §4, §5, §9): the lots with a ticket in its window, won less
 * than 51 weeks ago, newest first; 3 (phones) or 6 at first and as many more per click. On large
 * screens decorative tiles are mixed in after the first 6 tickets. A card opens the modal on the
 * list it belongs to.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { DecorTile, Lot, Ticket } from '../../content/models';
import { parseIsoInstant, formatMonthYear } from '../../domain/dates';
import { isNew, lotsForList, ticketCity, withDecorativeTiles } from '../../domain/lots';
import { formatMoney } from '../../domain/money';
import { useBlockData } from '../../ui/block-data';
import { Heading, NestIf } from '../../ui/Heading';
import { useLocale, useT } from '../../ui/i18n';
import { openLots } from '../../ui/lot-events';
import { useNow, useTimeZone } from '../../ui/now';
import type { BlockProps } from '../types';
import {
  EmptyMessage,
  listClass,
  ListFrame,
  ShowMoreButton,
  NewBadge,
  ProductLogo,
  useShowMore,
} from './lot-list';
import { seededRandom, visibleEntries } from './lot-view';
import styles from './ListeBillets.module.css';

type Listed = { lot: Lot & { billet: Ticket }; index: number };

function hasTicket(lot: Lot): lot is Lot & { billet: Ticket } {
  return lot.billet !== undefined;
}

export function TicketCard({
  lot,
  isNewTicket,
  onOpen,
}: {
  lot: Lot & { billet: Ticket };
  isNewTicket: boolean;
  onOpen: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const zone = useTimeZone();
  const city = ticketCity(lot.billet, locale);
  const won = parseIsoInstant(lot.dateGain);
  const date = won === null ? '' : formatMonthYear(won, locale, zone);
  // Cards and lists show cents in both languages (docs/requirements.md §5); only the modal rounds.
  const gain = lot.montantGain === undefined ? '' : formatMoney(lot.montantGain, locale);
  const stake = lot.montantMise === undefined ? '' : formatMoney(lot.montantMise, locale);
  const summary = [city, gain ? t('billets.gainDe', { gain }) : '', date]
    .filter(Boolean)
    .join(', ');
  const image = lot.billet.image;
  return (
    <article className={styles.card}>
      <div className={styles.media}>
        {image ? (
          <img
            src={image.src}
            alt=""
            className={styles.ticket}
            width={480}
            height={800}
            loading="lazy"
            decoding="async"
          />
        ) : null}
        {isNewTicket ? <NewBadge label={t('billets.nouveau')} /> : null}
      </div>
      <div className={styles.body}>
        <div className={styles.head}>
          {city ? <Heading className={styles.city}>{city}</Heading> : null}
          <ProductLogo produit={lot.produit} />
        </div>
        {stake || gain ? (
          <dl className={styles.amounts}>
            {stake ? (
              <div className={styles.stake}>
                <dt>{t('billets.mise')}</dt>
                <dd>{stake}</dd>
              </div>
            ) : null}
            {gain ? (
              <div className={styles.gain}>
                <dt>{t('billets.gain')}</dt>
                <dd>{gain}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        {date ? (
          <p className={styles.date}>
            <time dateTime={lot.dateGain}>{date}</time>
          </p>
        ) : null}
        <button
          type="button"
          className={styles.open}
          aria-label={summary ? t('billets.voirDetails', { details: summary }) : undefined}
          data-focus-target=""
          onClick={onOpen}
        >
          {t('billets.voir')}
        </button>
      </div>
    </article>
  );
}

function Tile({ tile }: { tile: DecorTile }) {
  // Decoration only: it says nothing the list needs, so assistive tech skips it.
  return (
    <img
      src={tile.image.src}
      alt=""
      className={styles.tileImage}
      width={480}
      height={800}
      loading="lazy"
      decoding="async"
    />
  );
}

export function ListeBillets({ component }: BlockProps<'liste-billets'>) {
  const { fields } = component;
  const headingId = useId();
  const t = useT();
  const now = useNow();
  const { lots, decorTiles } = useBlockData();
  const list = useRef<HTMLUListElement>(null);
  // Tile positions are drawn once per list (not per render), see seededRandom.
  const [seed] = useState(Math.random);

  useEffect(() => {
    if (lots === null) console.warn('Lots could not be loaded: the ticket list shows none.');
  }, [lots]);

  const tickets = useMemo(
    () => lotsForList(lots ?? [], 'billet', now).filter(hasTicket),
    [lots, now],
  );
  const mixed = useMemo(
    () =>
      withDecorativeTiles<Listed, DecorTile>(
        tickets.map((lot, index) => ({ lot, index })),
        decorTiles ?? [],
        seededRandom(seed),
      ),
    [tickets, decorTiles, seed],
  );
  const paging = useShowMore(tickets.length, list);

  if (lots === undefined) return null;

  // Tiles only on large screens, and not before the screen is known (the server's HTML holds
  // the first 6 tickets only, which never include a tile).
  const entries = paging.phone
    ? tickets
        .slice(0, paging.shown)
        .map((lot, index) => ({ kind: 'ticket' as const, item: { lot, index } }))
    : visibleEntries(mixed, paging.shown);

  const body =
    lots === null || tickets.length === 0 ? (
      <EmptyMessage>{t(lots === null ? 'billets.aucun' : 'billets.aucunGagnant')}</EmptyMessage>
    ) : (
      <NestIf when={!!fields.title}>
        <ul
          ref={list}
          className={listClass(styles.grid, paging.screen)}
          {...(fields.title
            ? { 'aria-labelledby': headingId }
            : { 'aria-label': t('billets.liste') })}
        >
          {entries.map((entry, position) =>
            entry.kind === 'ticket' ? (
              <li key={entry.item.lot.name} data-lot-index={entry.item.index}>
                <TicketCard
                  lot={entry.item.lot}
                  isNewTicket={isNew(
                    entry.item.lot.billet.window.start,
                    component.nbJoursNouveau,
                    now,
                  )}
                  onOpen={() =>
                    openLots({ lots: tickets, index: entry.item.index, caller: 'billet' })
                  }
                />
              </li>
            ) : (
              <li key={`tile-${position}`} className={styles.tile} aria-hidden="true">
                <Tile tile={entry.item} />
              </li>
            ),
          )}
        </ul>
        <ShowMoreButton paging={paging} label={(count) => t('billets.plus', { count })} />
      </NestIf>
    );

  return (
    <ListFrame fields={fields} headingId={headingId}>
      {body}
    </ListFrame>
  );
}
