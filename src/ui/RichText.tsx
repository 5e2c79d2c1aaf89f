/** Editors' HTML, sanitised here, on the server and in the browser alike. */
import { useMemo } from 'react';
import { followContentLink } from './content-click';
import { noReferrerLinks, useLinkBase, useNoReferrer } from './link-base';
import { useSanitized } from './sanitizer';

interface RichTextProps {
  html: string | undefined;
  className?: string;
  as?: 'div' | 'span';
}

export function RichText({ html, className, as: Tag = 'div' }: RichTextProps) {
  const base = useLinkBase();
  const noReferrer = useNoReferrer();
  const sanitized = useSanitized(html ?? '', 'html');
  // Markup kept as the server wrote it (an empty placeholder object) is passed on as it is.
  const clean = useMemo(
    () =>
      noReferrer && sanitized.__html ? { __html: noReferrerLinks(sanitized.__html) } : sanitized,
    [noReferrer, sanitized],
  );
  if (!html) return null;
  return (
    <Tag
      className={['rich-text', className].filter(Boolean).join(' ')}
      // Internal links navigate client-side like every other (off the site, they reach the site).
      onClick={(event) => followContentLink(event, base)}
      dangerouslySetInnerHTML={clean}
      suppressHydrationWarning
    />
  );
}
