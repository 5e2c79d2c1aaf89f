/**
 * Winner list (docs/requirements.md §2, §4, §5, §9): the lots with a winner in its window, won less than 51
 * weeks ago, newest first, in a grid of 3, 2 or 1 columns; 3 (phones) or 6 at first and as many
 * more per click. Only a winner with a video has a video button, and the modal browses only the
 * winners with a video.
 */
import { useEffect, useId, useMemo, useRef } from 'react';
import type { Lot, Winner } from '../../content/models';
import { isNew, lotsForList, regionFirstPart, winnersWithVideo } from '../../domain/lots';
import { useWholeLots } from '../../ui/whole-lots';
import { Heading, NestIf } from '../../ui/Heading';
import { useT } from '../../ui/i18n';
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
import { cardStyles as card, LotCard, useCardMoney } from '../shared/LotCard';
import { LotDetailsWithoutScript } from '../shared/LotDetails';
import styles from './WinnerList.module.css';
import { useLeadsFirstScreen } from '../../ui/first-screen';

type WithWinner = Lot & { gagnant: Winner };

function hasWinner(lot: Lot): lot is WithWinner {
  return lot.gagnant !== undefined;
}

function WinnerCard({
  lot,
  isNewWinner,
  onVideo,
  eager,
}: {
  lot: WithWinner;
  isNewWinner: boolean;
  /** The list's first card, on the first screen: its photo loads at once (first-screen.tsx). */
  eager: boolean;
  /** Absent when the winner has no video: no button then (docs/requirements.md §5). */
  onVideo?: (() => void) | undefined;
}) {
  const t = useT();
  const headingId = useId();
  const winner = lot.gagnant;
  const names = winner.noms ?? '';
  const region = regionFirstPart(winner.region);
  const gain = useCardMoney(lot.montantGain, 'gain');
  return (
    <LotCard
      lot={lot}
      variant="winner"
      // Focus lands here after "show more" when the card has no button of its own.
      tabIndex={-1}
      data-focus-target=""
      {...(names ? { 'aria-labelledby': headingId } : {})}
      media={
        winner.photo ? (
          <img
            src={winner.photo.src}
            alt=""
            className={card.photo}
            width={640}
            height={800}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : null
      }
      badge={isNewWinner ? t('gagnants.nouveau') : undefined}
      heading={
        <div>
          {names ? (
            <Heading className={card.heading} id={headingId}>
              {names}
            </Heading>
          ) : null}
          {region ? <p className={card.region}>{region}</p> : null}
        </div>
      }
      amounts={
        gain ? (
          <p className={card.gainLine}>
            <span className={card.label}>{t('gagnants.gain')}</span>{' '}
            <span className={`${card.money} ${card.gain}`}>{gain}</span>
          </p>
        ) : null
      }
      action={
        onVideo ? (
          <>
            <button
              type="button"
              className={`button ${card.video}`}
              aria-label={names ? t('gagnants.videoDe', { noms: names }) : undefined}
              {...lotOpener('gagnant', lot.name)}
              onClick={onVideo}
            >
              <svg className={card.play} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
              </svg>
              {t('gagnants.video')}
            </button>
            <LotDetailsWithoutScript
              lot={lot}
              caller="gagnant"
              label={names ? t('gagnants.detailsDe', { noms: names }) : t('gagnants.details')}
            />
          </>
        ) : null
      }
    />
  );
}

export function WinnerList({ component }: BlockProps<'liste-gagnants'>) {
  const { fields } = component;
  const headingId = useId();
  const t = useT();
  const now = useNow();
  const { lots, lotsShown } = useWholeLots().data;
  const firstOnScreen = useLeadsFirstScreen();
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (lots === null) console.warn('Lots could not be loaded: the winner list shows none.');
  }, [lots]);

  const winners = useMemo(
    () => lotsForList(lots ?? [], 'gagnant', now).filter(hasWinner),
    [lots, now],
  );
  const withVideo = useMemo(() => winnersWithVideo(winners), [winners]);
  const { total, askRest } = useListTotal('gagnant', winners.length);
  const paging = useShowMore('gagnants', total, list, {
    available: winners.length,
    askRest,
    initial: lotsShown?.gagnant,
  });
  const openWinner = useOpenLot('gagnant', withVideo, (all) =>
    winnersWithVideo(lotsForList(all, 'gagnant', now).filter(hasWinner)),
  );

  if (lots === undefined) return null;

  const body =
    winners.length === 0 ? (
      <EmptyMessage>{t('gagnants.aucun')}</EmptyMessage>
    ) : (
      <NestIf when={!!fields.title}>
        <ul
          ref={list}
          className={listClass(styles.grid, paging)}
          aria-busy={paging.waiting || undefined}
          {...(fields.title
            ? { 'aria-labelledby': headingId }
            : { 'aria-label': t('gagnants.liste') })}
        >
          {winners.slice(0, paging.shown).map((lot, index) => {
            const videoIndex = withVideo.indexOf(lot);
            return (
              <li key={lot.name} id={paging.itemId(index)} data-lot-index={index}>
                <WinnerCard
                  lot={lot}
                  isNewWinner={isNew(lot.gagnant.window.start, component.nbJoursNouveau, now)}
                  onVideo={videoIndex < 0 ? undefined : () => openWinner(lot)}
                  eager={firstOnScreen && index === 0}
                />
              </li>
            );
          })}
        </ul>
        <ShowMoreLinks paging={paging} label={(count) => t('gagnants.plus', { count })} />
      </NestIf>
    );

  return (
    <ListFrame fields={fields} headingId={headingId}>
      {body}
    </ListFrame>
  );
}
