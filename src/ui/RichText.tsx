/** Editors' HTML, sanitised here, on the server and in the browser alike. */
import type { MouseEvent } from 'react';
import { classifyLink } from '../domain/links';
import { useLinkBase } from './link-base';
import { isPlainClick, navigate } from './navigation';
import { useSanitized } from './sanitizer';

interface RichTextProps {
  html: string | undefined;
  className?: string;
  as?: 'div' | 'span';
}

export function RichText({ html, className, as: Tag = 'div' }: RichTextProps) {
  const base = useLinkBase();
  const clean = useSanitized(html ?? '', 'html');
  if (!html) return null;
  // Internal links inside rich text navigate client-side like every other internal link.
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as Element).closest('a');
    if (!anchor || anchor.target === '_blank' || !isPlainClick(event)) return;
    const link = classifyLink(anchor.getAttribute('href'));
    if (link.kind !== 'internal') return;
    event.preventDefault();
    // Off the site, a relative link must still reach the site.
    if (base) window.location.assign(base + link.href);
    else navigate(link.href);
  };
  return (
    <Tag
      className={['rich-text', className].filter(Boolean).join(' ')}
      onClick={onClick}
      dangerouslySetInnerHTML={clean}
      suppressHydrationWarning
    />
  );
}
