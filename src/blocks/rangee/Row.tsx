/** Row block: columns on a 12-column grid, widths from `disposition` (docs/requirements.md §9). */
import { columnSpans } from '../../domain/layout';
import { Children } from '../children';
import type { BlockProps } from '../types';
import { statsData } from '../../ui/frame';

export function Row({ component }: BlockProps<'rangee'>) {
  const spans = columnSpans(component.widths);
  return (
    <div className="grid-row" {...statsData(component.fields)}>
      {component.columns.map((column, i) => {
        const span = spans[i] ?? { base: 12, md: 12, lg: 12 };
        return (
          <div key={i} className={`col-${span.base} col-md-${span.md} col-lg-${span.lg} grid-col`}>
            {/* In edit mode, the row's area of that column (docs/editing.md). */}
            <Children list={column} area={`colonne${i}`} aside={i > 0} />
          </div>
        );
      })}
    </div>
  );
}
