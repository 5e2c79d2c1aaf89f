/** The pull-to-refresh indicator and its status line: the markup, whatever drives it. */
import type { Ref } from 'react';
import type { PullState } from './machine';
import styles from './PullToRefresh.module.css';

export function PullIndicator({
  state,
  message,
  reducedMotion = false,
  indicator,
}: {
  state: PullState;
  message: string;
  reducedMotion?: boolean;
  indicator?: Ref<HTMLDivElement>;
}) {
  return (
    <>
      <div
        ref={indicator}
        className={styles.indicator}
        data-state={state}
        data-reduced-motion={reducedMotion ? 'true' : undefined}
        data-testid="pull-indicator"
        aria-hidden="true"
      >
        <span className={styles.icon} />
        <span className={styles.label}>{message}</span>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="pull-status">
        {message}
      </p>
    </>
  );
}
