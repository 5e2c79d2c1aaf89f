/**
 * An element whose markup the browser keeps as the server wrote it (docs/decisions/0037 and
 * 0042): read once from the page, so hydration leaves it untouched and a later mount puts it
 * back. Its links behave as the site's do: internal ones navigate client-side, allow-listed
 * actions run (content-click.ts).
 */
import { useState, type ReactNode } from 'react';
import { followContentLink } from './content-click';

export function KeptMarkup({ id, className }: { id: string; className: string }) {
  const [html] = useState(() => ({ __html: document.getElementById(id)?.innerHTML ?? '' }));
  return (
    <div
      className={className}
      id={id}
      onClick={followContentLink}
      dangerouslySetInnerHTML={html}
      suppressHydrationWarning
    />
  );
}

/** The class of the element around kept markup: it adds no box (styles/utilities.css). */
const KEPT_CLASS = 'static-block';

/**
 * The element `id`, either kept as served (`kept`) or wrapping what the server, or the browser
 * later, renders in it: the same element either way, so hydration finds what the server wrote.
 */
export function KeptOrRendered({
  id,
  kept,
  children,
}: {
  id: string;
  kept: boolean;
  children: ReactNode;
}) {
  if (kept) return <KeptMarkup id={id} className={KEPT_CLASS} />;
  return (
    <div id={id} className={KEPT_CLASS}>
      {children}
    </div>
  );
}
