/**
 * An element whose markup the browser keeps as the server wrote it (docs/decisions/0037 and
 * 0042): read once from the page, so hydration leaves it untouched and a later mount puts it
 * back. Its links behave as the site's do: internal ones navigate client-side, allow-listed
 * actions run (content-click.ts).
 */
import { useState } from 'react';
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
