/** One lot as the modal shows it (docs/requirements.md §2): logos, who or where, the amounts, the media. */
import type { Lot, Ticket, Winner } from '../../content/models';
import { formatMonthYear, parseIsoInstant } from '../../domain/dates';
import { videoEmbedUrl } from '../../domain/embeds';
import { regionFirstPart, ticketCity, type LotCaller } from '../../domain/lots';
import { formatLotAmount } from '../../domain/money';
import { stripQuotes } from '../../domain/text';
import { ConsentGate } from '../../ui/consent/ConsentGate';
import { useLocale, useLateT } from '../../ui/i18n';
import { useTimeZone } from '../../ui/now';
import { usePlayerConfig } from '../../ui/players';
import styles from './LotDialog.module.css';

/**
 * The text of the winner's description (sanitised HTML): parsed in an inert document, which
 * runs no script and loads nothing, with block ends kept apart as spaces.
 */
function textOf(html: string): string {
  const spaced = html.replace(/<\/(?:p|div|li|h[1-6]|blockquote)>|<br\s*\/?>/gi, '$& ');
  return new DOMParser().parseFromString(spaced, 'text/html').body.textContent;
}

/** The winner's words as plain text, without the quotes the site adds around them. */
export function winnerQuote(descriptif: string | undefined): string {
  return descriptif ? stripQuotes(textOf(descriptif)) : '';
}

export function LotView({ lot, caller }: { lot: Lot; caller: LotCaller }) {
  const winner = caller === 'gagnant' ? lot.gagnant : undefined;
  const ticket = caller === 'billet' ? lot.billet : undefined;
  return (
    <div className={styles.lot} data-testid="lot-view">
      <div className={styles.info}>
        <LotLogos lot={lot} />
        {winner ? <WinnerPart winner={winner} /> : null}
        {ticket ? <TicketCity ticket={ticket} /> : null}
        <LotFacts lot={lot} />
      </div>
      {winner ? <WinnerMedia winner={winner} /> : null}
      {ticket ? <TicketImage ticket={ticket} /> : null}
    </div>
  );
}

/** The product's logo and the sports' logos, as the content names them. */
function LotLogos({ lot }: { lot: Lot }) {
  const product = lot.produit?.image;
  const sports = lot.sports.flatMap((sport) =>
    sport.image ? [{ ...sport, image: sport.image }] : [],
  );
  if (!product && sports.length === 0) return null;
  return (
    <div className={styles.logos}>
      {product ? (
        <img
          className={styles.product}
          src={product.src}
          alt={product.alt || lot.produit?.name || ''}
        />
      ) : null}
      {sports.length > 0 ? (
        <div className={styles.sports}>
          {sports.map((sport, i) => (
            <img
              key={`${sport.name}-${String(i)}`}
              className={sport.name === 'multisport' ? styles.multisport : styles.sport}
              src={sport.image.src}
              alt={sport.image.alt || sport.nomSport || sport.name}
              data-sport={sport.name}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** The stake as placed, the gain in whole dollars, and the month it was won. */
function LotFacts({ lot }: { lot: Lot }) {
  const t = useLateT();
  const locale = useLocale();
  const timeZone = useTimeZone();
  const won = parseIsoInstant(lot.dateGain);
  const amounts = [
    lot.montantMise === undefined
      ? null
      : t('lot.mise', { montant: formatLotAmount(lot.montantMise, 'stake', 'modal', locale) }),
    lot.montantGain === undefined
      ? null
      : t('lot.gain', { montant: formatLotAmount(lot.montantGain, 'gain', 'modal', locale) }),
  ].filter((part): part is string => part !== null);
  if (amounts.length === 0 && won === null) return null;
  return (
    <div className={styles.facts}>
      {amounts.length > 0 ? (
        <p className={styles.amounts} data-testid="lot-amounts">
          {amounts.join(' / ')}
        </p>
      ) : null}
      {won !== null ? (
        <p className={styles.date} data-testid="lot-date">
          {formatMonthYear(won, locale, timeZone)}
        </p>
      ) : null}
    </div>
  );
}

function TicketImage({ ticket }: { ticket: Ticket }) {
  const t = useLateT();
  const locale = useLocale();
  if (!ticket.image) return null;
  return (
    <div className={styles.media}>
      <img
        className={styles.ticket}
        src={ticket.image.src}
        alt={ticket.image.alt || t('lot.billet.image', { ville: ticketCity(ticket, locale) })}
        data-testid="lot-ticket-image"
      />
    </div>
  );
}

function TicketCity({ ticket }: { ticket: Ticket }) {
  const city = ticketCity(ticket, useLocale());
  return city ? (
    <p className={styles.city} data-testid="lot-city">
      {city}
    </p>
  ) : null;
}

function WinnerPart({ winner }: { winner: Winner }) {
  const region = regionFirstPart(winner.region);
  const quote = winnerQuote(winner.descriptif);
  return (
    <>
      {winner.noms ? (
        <p className={styles.names} data-testid="lot-names">
          {winner.noms}
        </p>
      ) : null}
      {region ? (
        <p className={styles.region} data-testid="lot-region">
          {region}
        </p>
      ) : null}
      {quote ? (
        <blockquote className={styles.quote}>
          {/* <q> adds the language's own quotes around the words (« » or “ ”), as CSS. */}
          <q data-testid="lot-quote">{quote}</q>
        </blockquote>
      ) : null}
    </>
  );
}

function WinnerMedia({ winner }: { winner: Winner }) {
  const t = useLateT();
  const locale = useLocale();
  const { videoPlayerBase } = usePlayerConfig();
  const video = winner.video;
  if (!video && !winner.noteVideo) return null;
  return (
    <div className={styles.media}>
      {video && videoPlayerBase ? (
        <ConsentGate vendor="video">
          {() => (
            <iframe
              src={videoEmbedUrl(videoPlayerBase, video, {
                origin: window.location.origin,
                lang: locale,
              })}
              title={
                winner.noms
                  ? t('lot.video.titre', { noms: winner.noms })
                  : t('lot.video.titre.anonyme')
              }
              allow="encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          )}
        </ConsentGate>
      ) : null}
      {winner.noteVideo ? (
        <p className={styles.note} data-testid="lot-note">
          {winner.noteVideo}
        </p>
      ) : null}
    </div>
  );
}
