/**
 * What every `/_data/*` answer shares (its format, checked first) and the two answers a list
 * reads (lots, chroniques): a list page asks for them while it hydrates, so they sit apart from
 * the navigation's and the site's checks (`answers.ts`) in the code the browser loads then
 * (docs/architecture.md, "Answers the browser reads").
 */
import type { ChronicleCard, Lot } from '../content/models';
import { ANSWER_FORMAT } from './state';

export type Checked<T> =
  | { ok: true; value: T }
  /** `format`: written by another release of the site; `shape`: not an answer of ours. */
  | { ok: false; reason: 'format' | 'shape'; detail: string };

export type Fields = Record<string, unknown>;

export function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function shape(detail: string): { ok: false; reason: 'shape'; detail: string } {
  return { ok: false, reason: 'shape', detail };
}

/** The answer's format, or why it has none that fits. */
export function checkFormat(json: unknown): Checked<Fields> {
  if (!isObject(json)) return shape('not a JSON object');
  if (json.format !== ANSWER_FORMAT) {
    return typeof json.format === 'number'
      ? {
          ok: false,
          reason: 'format',
          detail: `format ${json.format}, this page reads ${ANSWER_FORMAT}`,
        }
      : shape('no format');
  }
  return { ok: true, value: json };
}

/** A lot's fields every list and the modal read. */
function lotProblem(lot: unknown, index: number): string | undefined {
  return isObject(lot) && typeof lot.name === 'string' ? undefined : `lot ${index} without a name`;
}

/** A list of lots or none (a failed call: `null`). */
export function lotsProblem(lots: unknown): string | undefined {
  if (lots === undefined || lots === null) return undefined;
  if (!Array.isArray(lots)) return 'lots that are not a list';
  return lots.map(lotProblem).find((p) => p !== undefined);
}

function isLotList(lots: unknown[]): lots is Lot[] {
  return lotsProblem(lots) === undefined;
}

/** `/_data/lots`: the lots a deep link may open; `null` when the content service failed. */
export function checkLotsAnswer(json: unknown): Checked<Lot[] | null> {
  const checked = checkFormat(json);
  if (!checked.ok) return checked;
  const { lots } = checked.value;
  if (lots === null) return { ok: true, value: null };
  if (lots === undefined) return shape('no lots');
  if (!Array.isArray(lots)) return shape('lots that are not a list');
  return isLotList(lots) ? { ok: true, value: lots } : shape(lotsProblem(lots) ?? '');
}

/** A chronique card's fields the list reads as text. */
function chronicleCardProblem(card: unknown, index: number): string | undefined {
  if (
    !isObject(card) ||
    typeof card.id !== 'string' ||
    typeof card.title !== 'string' ||
    typeof card.summary !== 'string' ||
    typeof card.href !== 'string'
  ) {
    return `chronicle ${index} without id, title, summary and href`;
  }
  return undefined;
}

function isChronicleList(cards: unknown[]): cards is ChronicleCard[] {
  return cards.every((card, index) => chronicleCardProblem(card, index) === undefined);
}

/** `/_data/chronicles`: the chronique cards of a language; `null` when the content service failed. */
export function checkChroniclesAnswer(json: unknown): Checked<ChronicleCard[] | null> {
  const checked = checkFormat(json);
  if (!checked.ok) return checked;
  const { chronicles: chronicles } = checked.value;
  if (chronicles === null) return { ok: true, value: null };
  if (!Array.isArray(chronicles)) return shape('no chroniques');
  if (isChronicleList(chronicles)) return { ok: true, value: chronicles };
  return shape(chronicles.map(chronicleCardProblem).find((p) => p !== undefined) ?? '');
}
