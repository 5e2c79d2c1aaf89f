/**
 * Readiness (docs/operations.md "Health checks"): whether this process should be sent traffic.
 * From the first stop signal on it is not, while the listener stays open for a while so that a
 * load balancer polling `/readyz` sees the 503 and stops sending requests before connections
 * are refused.
 */
export interface Readiness {
  /** The stop signal that started the drain, or undefined while serving normally. */
  readonly draining: string | undefined;
  /** Marks the process as stopping: `/readyz` answers 503 from now on. Idempotent. */
  startDraining(reason: string): void;
  /** Resolves after `ms`, or at once when `cutWait` is called (a second signal). */
  holdOpen(ms: number): Promise<void>;
  cutWait(): void;
}

export function createReadiness(): Readiness {
  let draining: string | undefined;
  let cut: (() => void) | undefined;
  let cutEarly = false;
  return {
    get draining() {
      return draining;
    },
    startDraining(reason) {
      draining ??= reason;
    },
    holdOpen(ms) {
      if (ms <= 0 || cutEarly) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        cut = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
    cutWait() {
      cutEarly = true;
      cut?.();
    },
  };
}

/** The `/readyz` body: `ready`, or `not-ready` with each reason (never a secret: no URL). */
export interface ReadyBody {
  status: 'ready' | 'not-ready';
  reasons?: string[];
}
