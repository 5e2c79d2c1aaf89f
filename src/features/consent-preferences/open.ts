/**
 * The cookie-settings link (`javascript:Didomi.preferences.show()`, the `consent-preferences`
 * action; src/app/link-actions.ts loads this on its first use). With the operator's consent
 * manager on the page its own preference centre opens (once its SDK is ready); with the built-in
 * store the site's dialog does, its code loaded only then (docs/decisions/0075-operator-cmp.md).
 */
import type { Locale } from '../../domain/locale';
import { lateMessages } from '../../i18n/catalogue';
import { knownConsentManager } from '../../ui/consent/consent';

export async function openConsentPreferences(
  locale: Locale,
  opener: Element | null,
): Promise<void> {
  if ((await knownConsentManager()).showPreferences()) return;
  try {
    // Its texts travel apart from the page's (src/i18n/late-keys.ts): both arrive first.
    const [{ mountConsentPreferences }] = await Promise.all([
      import('./mount'),
      lateMessages(locale),
    ]);
    mountConsentPreferences(locale, opener);
  } catch (error) {
    console.warn('Cookie settings: the dialog could not load.', error);
  }
}
