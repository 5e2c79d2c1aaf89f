/**
 * A page-level view in a chunk of its own, for parts few pages show (the site map, a chronique's
 * header): their code stays out of what every page loads before interaction
 * (docs/decisions/0014-javascript-budget.md). The server provides the view up front
 * (src/app/server-setup.ts); the browser hydrates the served HTML once the chunk has arrived (the
 * HTML stays as served meanwhile, plain links working), and a client-side navigation loads it
 * (`load`) before it swaps the new view in.
 */
import { createElement, Suspense, use, useState, type ComponentType, type ReactNode } from 'react';
import { isInteractive } from './interactive';
import { KeptOrRendered } from './kept-markup';

interface OnDemandView<P extends object> {
  /** The server (and unit tests) hand the view over at start. */
  provide: (view: ComponentType<P>) => void;
  /** Asks for the chunk once; a failed load may be asked for again. */
  load: () => Promise<ComponentType<P>>;
  /** Renders the view, suspending under its own boundary until its chunk has arrived. */
  View: (props: P) => ReactNode;
}

/**
 * `keptId`: a view with no behaviour in the browser (a chronique's header). Served inside an
 * element of this id, it hydrates from that markup, kept as it is, without its chunk; only a
 * later view (a client-side navigation, which loads the chunk first) renders it in the browser
 * (docs/decisions/0050-structure-blocks-in-their-own-chunk.md).
 */
export function onDemandView<P extends object>(
  importer: () => Promise<ComponentType<P>>,
  keptId?: string,
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

  function Suspended({ props }: { props: P }) {
    return (
      <Suspense fallback={null}>
        <Loaded props={props} />
      </Suspense>
    );
  }

  function KeptOrLoaded({ id, props }: { id: string; props: P }) {
    // Hydrating the served page: its chunk was never asked for, and the served element is there.
    const [kept] = useState(
      () =>
        ready === undefined &&
        typeof document !== 'undefined' &&
        !isInteractive() &&
        document.getElementById(id) !== null,
    );
    return (
      <KeptOrRendered id={id} kept={kept}>
        <Suspended props={props} />
      </KeptOrRendered>
    );
  }

  return {
    provide: (view) => {
      ready = view;
    },
    load,
    View: (props) =>
      keptId === undefined ? (
        <Suspended props={props} />
      ) : (
        <KeptOrLoaded id={keptId} props={props} />
      ),
  };
}
