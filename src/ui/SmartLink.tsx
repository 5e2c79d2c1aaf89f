/**
 * A content link, by its kind (docs/requirements.md §2): https:// opens as an external link, an allow-listed
 * javascript: action runs its handler, anything else is a client-side route.
 */
import type { MouseEvent, ReactNode } from 'react';
import { classifyLink } from '../domain/links';
import { useT } from './i18n';
import { useLinkBase, useNoReferrer } from './link-base';
import { isPlainClick, LINK_ACTION_ATTRIBUTE, navigate, runLinkAction } from './navigation';

interface SmartLinkProps {
  href: string | undefined;
  newWindow?: boolean;
  className?: string;
  children: ReactNode;
  /** Analytics label (`labelStatsGA`), kept as a data attribute. */
  statsLabel?: string | undefined;
}

export function SmartLink({
  href,
  newWindow = false,
  className,
  children,
  statsLabel,
}: SmartLinkProps) {
  const t = useT();
  const base = useLinkBase();
  const noReferrer = useNoReferrer();
  const link = classifyLink(href);
  const data = statsLabel ? { 'data-stats-ga': statsLabel } : {};
  const newWindowNote = newWindow ? (
    <span className="visually-hidden">{` ${t('site.nouvelleFenetre')}`}</span>
  ) : null;
  switch (link.kind) {
    case 'external':
    case 'native':
      return (
        <a
          href={link.href}
          className={className}
          {...(newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : { rel: noReferrer })}
          {...data}
        >
          {children}
          {newWindowNote}
        </a>
      );
    case 'internal': {
      const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
        if (base || newWindow || !isPlainClick(event)) return;
        event.preventDefault();
        navigate(link.href);
      };
      return (
        <a
          href={base + link.href}
          className={className}
          onClick={onClick}
          {...(newWindow
            ? { target: '_blank', rel: noReferrer ? 'noopener noreferrer' : 'noopener' }
            : { rel: noReferrer })}
          {...data}
        >
          {children}
          {newWindowNote}
        </a>
      );
    }
    case 'action':
      return (
        <button
          type="button"
          className={className}
          onClick={() => runLinkAction(link.action)}
          {...{ [LINK_ACTION_ATTRIBUTE]: link.action }}
          {...data}
        >
          {children}
        </button>
      );
    case 'blocked':
      return <span className={className}>{children}</span>;
  }
}
