/** Editors' HTML, sanitised here, on the server and in the browser alike. */
import { followContentLink } from './content-click';
import { useLinkBase, useNoReferrer } from './link-base';
import { useSanitized } from './sanitizer';

interface RichTextProps {
  html: string | undefined;
  className?: string;
  as?: 'div' | 'span';
}

export function RichText({ html, className, as: Tag = 'div' }: RichTextProps) {
  const base = useLinkBase();
  // In a preview every link says rel="noreferrer" (docs/preview.md).
  const clean = useSanitized(html ?? '', 'html', useNoReferrer() !== undefined);
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
