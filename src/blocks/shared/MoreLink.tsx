/**
 * A "show more" that works as a link (docs/decisions/0078-show-more-as-a-link.md), for the lot
 * lists and the chroniques list: without script, or before it has run, it asks the server for
 * the page that shows more of the list and lands on the first new item; with script, a plain
 * click shows them in place (`onMore`), and any other (a new tab, a new window) is the link's.
 * One copy for all the lists: a copy per list to spare a shared chunk saved only tens of bytes
 * (issue 43).
 */
import type { ReactNode } from 'react';
import { useNoReferrer } from '../../ui/link-base';
import { isPlainClick } from '../../ui/navigation';

export function MoreLink({
  href,
  onMore,
  className,
  children,
}: {
  href: string;
  onMore: () => void;
  className: string | undefined;
  children: ReactNode;
}) {
  // In a preview, like every link there, it names no referrer (docs/preview.md).
  const rel = useNoReferrer();
  return (
    <a
      href={href}
      rel={rel}
      className={`button ${className ?? ''}`}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        onMore();
      }}
    >
      {children}
    </a>
  );
}
