/**
 * The module the browser entry runs on the sports area at once (`data-early`): it starts the
 * betting widget before the site's code has arrived, and says when the widget is mounted (or
 * could not be), which the entry waits for before asking for the site's code
 * (docs/decisions/0080-first-screen-first.md). Said whatever happens: the site's
 * code must come even if starting the widget threw.
 */
import { EARLY_DONE_EVENT } from './early';
import { startEarly } from './widget-host';

void Promise.resolve()
  .then(() => startEarly(document))
  .catch((error: unknown) => console.warn('Betting widget: the early start failed:', error))
  .finally(() => document.dispatchEvent(new Event(EARLY_DONE_EVENT)));
