/**
 * Winning-ticket list (docs/requirements.md §2, §4, §5, §9): the lots with a ticket in its window, won less
 * than 51 weeks ago, newest first; 3 (phones) or 6 at first and as many more per click. On large
 * screens decorative tiles are mixed in after the first 6 tickets. A card opens the modal on the
 * list it belongs to.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { DecorTile, Lot, Ticket } from '../../content/models';
import { isNew, lotsForList, ticketCity, withDecorativeTiles } from '../../domain/lots';
import { useWholeLots } from '../../ui/whole-lots';
import { Heading, NestIf } from '../../ui/Heading';
import { useLocale, useT } from '../../ui/i18n';
import { lotOpener } from '../../ui/lot-events';
import { useNow } from '../../ui/now';
import type { BlockProps } from '../types';
import {
  EmptyMessage,
  listClass,
  ListFrame,
  ShowMoreLinks,
  useListTotal,
  useOpenLot,
  useShowMore,
} from '../shared/lot-list';
import { cardStyles as card, LotCard, useCardMoney, useWonDate } from '../shared/LotCard';
import { LotDetailsWithoutScript } from '../shared/LotDetails';
import { seededRandom, visibleEntries } from '../shared/lot-view';
import styles from './TicketList.module.css';
import { useLeadsFirstScreen } from '../../ui/first-screen';

type Listed = { lot: Lot & { billet: Ticket }; index: number };

function hasTicket(lot: Lot): lot is Lot & { billet: Ticket } {
  return lot.billet !== undefined;
}

function TicketCard({
  lot,
  isNewTicket,
  onOpen,
  eager,
}: {
  lot: Lot & { billet: Ticket };
  isNewTicket: boolean;
  onOpen: () => void;
  /** The list's first ticket, on the first screen: its image loads at once (first-screen.tsx). */
  eager: boolean;
}) {
  const t = useT();
  const city = ticketCity(lot.billet, useLocale());
  const date = useWonDate(lot.dateGain);
  const gain = useCardMoney(lot.montantGain, 'gain');
  const stake = useCardMoney(lot.montantMise, 'stake');
  const summary = [city, gain ? t('billets.gainDe', { gain }) : '', date]
    .filter(Boolean)
    .join(', ');
  const name = summary ? t('billets.voirDetails', { details: summary }) : undefined;
  const image = lot.billet.image;
  return (
    <LotCard
      lot={lot}
      variant="ticket"
      media={
        image ? (
          <img
            src={image.src}
            alt=""
            className={card.ticketImage}
            width={480}
            height={800}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : null
      }
      badge={isNewTicket ? t('billets.nouveau') : undefined}
      heading={city ? <Heading className={card.heading}>{city}</Heading> : null}
      amounts={
        stake || gain ? (
          <dl className={card.amounts}>
            {stake ? (
              <div>
                <dt className={card.label}>{t('billets.mise')}</dt>
                <dd className={`${card.money} ${card.stake}`}>{stake}</dd>
              </div>
            ) : null}
            {gain ? (
              <div>
                <dt className={card.label}>{t('billets.gain')}</dt>
                <dd className={`${card.money} ${card.gain}`}>{gain}</dd>
              </div>
            ) : null}
          </dl>
        ) : null
      }
      action={
        <>
          <button
            type="button"
            className={card.open}
            aria-label={name}
            data-focus-target=""
            {...lotOpener('billet', lot.name)}
            onClick={onOpen}
          >
            {t('billets.voir')}
          </button>
          <LotDetailsWithoutScript
            lot={lot}
            caller="billet"
            label={t('billets.voir')}
            name={name}
          />
        </>
      }
    />
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

export function TicketList({ component }: BlockProps<'liste-billets'>) {
  const { fields } = component;
  const headingId = useId();
  const t = useT();
  const now = useNow();
  const { lots, decorTiles, lotsShown } = useWholeLots().data;
  const firstOnScreen = useLeadsFirstScreen();
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
  const { total, askRest } = useListTotal('billet', tickets.length);
  const paging = useShowMore('billets', total, list, {
    available: tickets.length,
    askRest,
    initial: lotsShown?.billet,
  });
  const openTicket = useOpenLot('billet', tickets, (all) =>
    lotsForList(all, 'billet', now).filter(hasTicket),
  );

  if (lots === undefined) return null;

  // Tiles only on large screens, and not before the screen is known: their places are drawn in
  // the browser, and the server's HTML (the first 6 tickets, or as many as its address asks:
  // docs/decisions/0078) holds none.
  const entries =
    paging.screen === false
      ? visibleEntries(mixed, paging.shown)
      : tickets
          .slice(0, paging.shown)
          .map((lot, index) => ({ kind: 'ticket' as const, item: { lot, index } }));

  const body =
    lots === null || tickets.length === 0 ? (
      <EmptyMessage>{t(lots === null ? 'billets.aucun' : 'billets.aucunGagnant')}</EmptyMessage>
    ) : (
      <NestIf when={!!fields.title}>
        <ul
          ref={list}
          className={listClass(styles.grid, paging)}
          aria-busy={paging.waiting || undefined}
          {...(fields.title
            ? { 'aria-labelledby': headingId }
            : { 'aria-label': t('billets.liste') })}
        >
          {entries.map((entry, position) =>
            entry.kind === 'ticket' ? (
              <li
                key={entry.item.lot.name}
                id={paging.itemId(entry.item.index)}
                data-lot-index={entry.item.index}
              >
                <TicketCard
                  lot={entry.item.lot}
                  isNewTicket={isNew(
                    entry.item.lot.billet.window.start,
                    component.nbJoursNouveau,
                    now,
                  )}
                  onOpen={() => openTicket(entry.item.lot)}
                  eager={firstOnScreen && entry.item.index === 0}
                />
              </li>
            ) : (
              <li key={`tile-${position}`} className={styles.tile} aria-hidden="true">
                <Tile tile={entry.item} />
              </li>
            ),
          )}
        </ul>
        <ShowMoreLinks paging={paging} label={(count) => t('billets.plus', { count })} />
      </NestIf>
    );

  return (
    <ListFrame fields={fields} headingId={headingId}>
      {body}
    </ListFrame>
  );
}
