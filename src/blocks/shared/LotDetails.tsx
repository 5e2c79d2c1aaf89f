/**
 * A lot's details as its modal shows them, for a visitor without script (issue 45): the card's
 * button opens the modal only with the site's code, so the server writes the details beside it,
 * in a disclosure inside `<noscript>`. With script on, the browser keeps a `<noscript>`'s content
 * as inert text and React renders none of it (nor runs this component): only the bytes go with
 * the page. The winner's video stays the modal's: it loads only after consent, which asks for
 * script (docs/requirements.md, "Embedded third parties").
 *
 * Nothing in it is markup from the content: with script on, that text ends at the first
 * `</noscript>`, and content markup holding one (in an attribute, which serialisation need not
 * escape) would leave the rest of it parsed as the page's own. React escapes every text and
 * attribute it writes, so the winner's words go in as text (docs/security.md).
 */
import type { Lot } from '../../content/models';
import type { LotCaller } from '../../domain/lots';
import { formatLotAmount } from '../../domain/money';
import { useLateT, useLocale } from '../../ui/i18n';
import { useRichTextAsText } from '../../ui/sanitizer';
import { stripQuotes } from '../../domain/text';
import styles from './LotCard.module.css';

function LotDetails({ lot, caller }: { lot: Lot; caller: LotCaller }) {
  // Late texts (src/i18n/late-keys.ts): on the server, where alone this runs, they are all there.
  const t = useLateT();
  const locale = useLocale();
  const winner = caller === 'gagnant' ? lot.gagnant : undefined;
  const amounts = [
    lot.montantMise === undefined
      ? ''
      : t('lot.mise', { montant: formatLotAmount(lot.montantMise, 'stake', 'modal', locale) }),
    lot.montantGain === undefined
      ? ''
      : t('lot.gain', { montant: formatLotAmount(lot.montantGain, 'gain', 'modal', locale) }),
  ].filter(Boolean);
  // The editor's quotes go, as in the modal; <q> adds the language's own.
  const quote = stripQuotes(useRichTextAsText(winner?.descriptif ?? ''));
  // The sports by name, not their emblems, and not the ticket's picture, which the card already
  // shows: these bytes go with every page that lists lots, script or not, inside the home page's
  // first round trip (docs/decisions/0088-rough-edges-without-script-and-error-language.md).
  const sports = lot.sports
    .map((sport) => sport.image?.alt || sport.nomSport || sport.name)
    .filter(Boolean);
  return (
    <div className={styles.details} data-testid="lot-details">
      {sports.length > 0 ? <p>{sports.join(', ')}</p> : null}
      {amounts.length > 0 ? <p className={styles.detailAmounts}>{amounts.join(' / ')}</p> : null}
      {quote ? (
        <blockquote>
          <q>{quote}</q>
        </blockquote>
      ) : null}
      {winner?.noteVideo ? <p className={styles.region}>{winner.noteVideo}</p> : null}
    </div>
  );
}

/** The details' disclosure, in the place of the card's button when script is off (CSS). */
export function LotDetailsWithoutScript({
  lot,
  caller,
  label,
  name,
}: {
  lot: Lot;
  caller: LotCaller;
  /** What the disclosure says, as the button does. */
  label: string;
  /** Its accessible name, the button's when it has one. */
  name?: string | undefined;
}) {
  return (
    <noscript data-lot-details="">
      <details className={styles.withoutScript}>
        <summary aria-label={name}>{label}</summary>
        <LotDetails lot={lot} caller={caller} />
      </details>
    </noscript>
  );
}
