// @vitest-environment happy-dom
/**
 * The site's own navigation leaves alone a click whose default is already prevented: in
 * Magnolia's page editor, the editor bridge prevents link clicks at the window (capture phase)
 * without stopping them (docs/editing.md "The editor bridge"), and a link must then neither
 * navigate client-side nor run its "show more". The same clicks, not prevented, are the site's.
 */
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SmartLink } from '../../ui/SmartLink';
import { MoreLink } from './MoreLink';

/** What the bridge does to a link click inside the editor. */
const preventLinks = (event: Event) => {
  if (event.target instanceof Element && event.target.closest('a[href]')) event.preventDefault();
};

describe('a link click', () => {
  beforeEach(() => window.history.replaceState(null, '', '/fr/accueil'));
  afterEach(() => {
    cleanup();
    window.removeEventListener('click', preventLinks, true);
  });

  function links() {
    const onMore = vi.fn();
    const view = render(
      <>
        <SmartLink href="/fr/promotions">Promotions</SmartLink>
        <MoreLink href="/fr/gagnants?plus=1" onMore={onMore} className={undefined}>
          Plus
        </MoreLink>
      </>,
    );
    return { onMore, smart: view.getByText('Promotions'), more: view.getByText('Plus') };
  }

  it('is the site’s when its default is free', () => {
    const { onMore, smart, more } = links();
    fireEvent.click(more);
    expect(onMore).toHaveBeenCalledTimes(1);
    fireEvent.click(smart);
    expect(window.location.pathname).toBe('/fr/promotions');
  });

  it('is left alone when the editor bridge prevented it', () => {
    window.addEventListener('click', preventLinks, true);
    const { onMore, smart, more } = links();
    fireEvent.click(more);
    fireEvent.click(smart);
    expect(onMore).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/fr/accueil');
  });
});
