/**
 * What rendering on the server needs before the first page: every block at hand (the browser
 * loads most of them by chunk), the sanitizer (the browser loads it after hydration) and both
 * languages' messages (the browser loads the one it shows). Unit
 * tests load this too (vite.config.ts), since they render as the server does.
 */
import { allBlocks } from '../blocks/all-blocks';
import { provideBlocks } from '../blocks/registry';
import { sanitizeHtml, sanitizeSvg } from '../content/sanitize';
import { provideCatalogue } from '../i18n/catalogue';
import { provideSanitizer } from '../ui/sanitizer';
import en from 'virtual:catalogue/en';
import fr from 'virtual:catalogue/fr';

provideBlocks(allBlocks);
provideSanitizer({ sanitizeHtml, sanitizeSvg });
provideCatalogue('fr', fr);
provideCatalogue('en', en);
