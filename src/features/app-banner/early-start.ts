/** Run by the browser entry for phones and tablets, before the site's code (see early.ts). */
import { showEarlyBanner } from './early';

showEarlyBanner(document);
