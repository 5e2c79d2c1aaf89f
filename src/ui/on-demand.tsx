/**
 * A page-level view in a chunk of its own, for parts few pages show (the site map, a chronique's
 * header): their code stays out of what every page loads before interaction
 * (docs/decisions/0014-javascript-budget.md). The server provides the view up front
 * (src/app/server-setup.ts); the browser hydrates the served HTML once the chunk has arrived (the
 * HTML stays as served meanwhile, plain links working), and a client-side navigation loads it
 * (`load`) before it swaps the new view in.
 */
import { createElement, Suspense, use, type ComponentType, type ReactNode } from 'react';

interface OnDemandView<P extends object> {
  /** The server (and unit tests) hand the view over at start. */
  provide: (view: ComponentType<P>) => void;
  /** Asks for the chunk once; a failed load may be asked for again. */
  load: () => Promise<ComponentType<P>>;
  /** Renders the view, suspending under its own boundary until its chunk has arrived. */
  View: (props: P) => ReactNode;
}

export function onDemandView<P extends object>(
  importer: () => Promise<ComponentType<P>>,
): OnDemandView<P> {
  let ready: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;

  const load = (): Promise<ComponentType<P>> => {
    if (!pending) {
      const loading = importer().then((view) => (ready = view));
      loading.catch(() => (pending = undefined));
      pending = loading;
    }
    return pending;
  };

  /** The view: at once when at hand, else it suspends until its chunk arrives. */
  const useView = (): ComponentType<P> => ready ?? use(load());

  function Loaded({ props }: { props: P }) {
    // One view for the life of the process: made once, not during render.
    return createElement(useView(), props);
  }

  return {
    provide: (view) => {
      ready = view;
    },
    load,
    View: (props) => (
      <Suspense fallback={null}>
        <Loaded props={props} />
      </Suspense>
    ),
  };
}
