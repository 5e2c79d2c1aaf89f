/** Headings nest with the content: level = base level + nesting depth (docs/requirements.md §9). */
import { createContext, useContext, type ReactNode } from 'react';
import { headingLevel } from '../domain/layout';

/** Page header titles are h1; the first level of blocks under them is h2. */
const BASE_HEADING_LEVEL = 2;

export const DepthContext = createContext(0);

export function Nested({ children }: { children: ReactNode }) {
  const depth = useContext(DepthContext);
  return <DepthContext.Provider value={depth + 1}>{children}</DepthContext.Provider>;
}

/** Nests only under a block that shows a heading of its own, so levels never skip. */
export function NestIf({ when, children }: { when: boolean; children: ReactNode }) {
  return when ? <Nested>{children}</Nested> : <>{children}</>;
}

export function Heading({
  children,
  className,
  id,
  offset = 0,
}: {
  children: ReactNode;
  className?: string;
  id?: string;
  /** For a sub-heading within the same block. */
  offset?: number;
}) {
  const depth = useContext(DepthContext);
  const Tag = `h${headingLevel(BASE_HEADING_LEVEL, depth + offset)}` as const;
  return (
    <Tag className={className} id={id}>
      {children}
    </Tag>
  );
}
