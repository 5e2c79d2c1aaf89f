/**
 * Every instance hears a publication (issue 11 item 5; docs/operations.md "Purge on publish"): two
 * built site processes share a real Redis and one content service; a webhook sent to one makes
 * both serve the new content. Redis going down never stops the pages, and once it is back a later
 * webhook reaches both again.
 */
import { expect, test } from './fixtures';
import { logged, publish, startPublishingBed, title, type PublishingBed } from './support/publish';
import { startSiteProcess, type SiteProcess } from './support/site-process';

test.describe('purge on publish across instances (Redis)', () => {
  test.setTimeout(120_000);

  let bed: PublishingBed | undefined;
  const sites: SiteProcess[] = [];

  test.afterEach(async () => {
    for (const site of sites.splice(0)) site.kill();
    await bed?.close();
  });

  test('a hook sent to one instance purges both, through a Redis restart', async () => {
    bed = await startPublishingBed();
    const { content, embedded, redis, env } = bed;
    const [a, b] = await Promise.all([startSiteProcess(env), startSiteProcess(env)]);
    sites.push(a, b);
    for (const site of [a, b]) await logged(site, 'listening for purges');

    // Both render and keep the page.
    for (const site of [a, b]) {
      expect(await title(site)).toMatch(/^Accueil\b/);
      expect(await title(site)).toMatch(/^Accueil\b/);
    }
    content.edit('pages/accueil.json', (page) => {
      page.title = { fr: 'Accueil publié', en: 'Home published' };
    });
    embedded.reload();
    expect(await title(b)).toMatch(/^Accueil\b/);

    const first = await publish(a, { nodes: ['/pari-boreal/accueil'] });
    expect(first.summary).toMatchObject({ scope: 'pages', broadcast: 'sent' });
    expect(await title(a)).toMatch(/^Accueil publié/);
    await expect.poll(() => title(b)).toMatch(/^Accueil publié/);
    expect(await title(b, '/en/home')).toMatch(/^Home published/);
    // The other instance names the webhook's request; the sender applied it once, itself.
    await logged(b, first.requestId);
    expect(b.log()).toContain('(sent by another instance)');
    expect(a.log()).not.toContain('(sent by another instance)');

    // Redis down: pages are still served, the hook purges locally and says it could not share.
    await redis.kill();
    for (const site of [a, b]) await logged(site, 'is unreachable');
    for (const site of [a, b]) expect(await title(site, '/fr/promotions')).toMatch(/Promotions/);
    const alone = await publish(a, { urls: ['/fr/accueil'] });
    expect(alone.summary).toMatchObject({ scope: 'pages', broadcast: 'failed' });

    // Redis back on the same port: both subscribe again on their own.
    await redis.start();
    for (const site of [a, b]) await logged(site, 'is back');
    for (const site of [a, b]) {
      await title(site);
      expect(await title(site)).toMatch(/^Accueil publié/);
    }
    content.edit('pages/accueil.json', (page) => {
      page.title = { fr: 'Accueil republié', en: 'Home republished' };
    });
    embedded.reload();
    expect(await title(a)).toMatch(/^Accueil publié/);
    const later = await publish(b, {});
    expect(later.summary).toMatchObject({ scope: 'all', broadcast: 'sent' });
    expect(await title(b)).toMatch(/^Accueil republié/);
    await expect.poll(() => title(a)).toMatch(/^Accueil republié/);
  });
});
