/**
 * The module the browser entry runs on the sports area right after the first paint
 * (`data-early`): it starts the betting widget before the site's code has arrived.
 */
import { startEarly } from './widget-host';

startEarly(document);
