/**
 * The site node's lists and areas in edit mode (docs/editing.md "The header and the footer"):
 * the header's and footer's features draw them through these, which change nothing on a page
 * that is not the site node's edit view.
 */
import { use, type ReactNode } from 'react';
import { EditContext } from './edit-context';

/**
 * A list of the site node's components (`area`: its name), each of `kind`: in edit mode each
 * between its annotations, those not shown as placeholders; elsewhere `render` for each item.
 * `render` gives each element its key.
 */
export function EditList<T extends { id: string }>({
  area,
  kind,
  items,
  render,
}: {
  area: string;
  kind: string;
  items: readonly T[];
  render: (item: T) => ReactNode;
}) {
  const edit = use(EditContext);
  if (!edit) return items.map(render);
  return (
    <edit.Area
      area={area}
      shown={items.map((item) => ({ id: item.id, kind }))}
      render={(index) => {
        const item = items[index];
        return item === undefined ? null : render(item);
      }}
    />
  );
}

/** An area of the site node drawn in place (`area`: its name): its annotations in edit mode. */
export function EditRegion({ area, children }: { area: string; children?: ReactNode }) {
  const edit = use(EditContext);
  return edit ? <edit.Region area={area}>{children}</edit.Region> : children;
}

/** The site node's header or footer: in its edit view, the area around it. */
export function EditSitePart({
  part,
  children,
}: {
  part: 'header' | 'footer';
  children: ReactNode;
}) {
  const edit = use(EditContext);
  return edit ? <edit.SitePart part={part}>{children}</edit.SitePart> : children;
}

/** Whether the page is the site node's edit view: empty lists and areas show, to be added to. */
export function useEditsSite(): boolean {
  return use(EditContext)?.plan.site === true;
}
