import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MobilePlatform } from '../../domain/browser';
import { AppProviders } from '../AppProviders';
import type { Snapshot } from '../state';
import { createAppStore } from '../store';
import { BannerRoot } from './BannerRoot';
import { TEST_LOGICAL_DATE } from '../../../testing/today';

function serverHtml(internetExplorer: boolean, platform: MobilePlatform, locale: 'fr' | 'en') {
  // Only what the banner root reads: the rest of the snapshot does not matter here.
  const snapshot = {
    path: '/',
    locale,
    view: { kind: 'trigger' },
    logicalDate: TEST_LOGICAL_DATE,
    config: {
      brandName: 'Pari Boréal',
      devMode: false,
      timeZone: 'America/Toronto',
      bettingWidgetUrl: '/widget.js',
      appStoreUrls: { android: 'https://play.example/app', ios: 'https://apps.example/app' },
    },
    client: { internetExplorer, platform },
  } as Snapshot;
  return renderToString(
    <AppProviders store={createAppStore(snapshot)} ssrPath="/">
      <BannerRoot />
    </AppProviders>,
  );
}

describe('BannerRoot on the server', () => {
  it('holds the bilingual IE banner for Internet Explorer, whatever the page language', () => {
    for (const locale of ['fr', 'en'] as const) {
      const html = serverHtml(true, 'other', locale);
      expect(html).toContain('Navigateur non pris en charge.');
      expect(html).toContain('Unsupported browser.');
    }
  });

  it('holds no IE banner for other browsers', () => {
    expect(serverHtml(false, 'other', 'fr')).not.toContain('ie-banner');
  });

  it('leaves the app banner and the modal to the browser, and no inline style', () => {
    const html = serverHtml(false, 'android', 'fr');
    expect(html).not.toContain('app-banner');
    expect(html).not.toContain('<dialog');
    expect(html).toContain('data-testid="pull-indicator"');
    expect(html).not.toContain('style=');
  });
});
