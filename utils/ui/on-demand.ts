import { type ComponentType, useEffect, useState } from 'react';

/**
 * A view whose code is fetched the first time it is wanted and rendered only once it is there. React.lazy
 * would suspend instead, and React 19 holds back the reveal of a Suspense boundary until 300 ms after its
 * fallback showed: a dialog from a local chunk took a third of a second to open. A failed fetch is thrown
 * into the render, where lazy's would have gone, and the next wish fetches again.
 */
export function onDemand<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): (wanted: boolean) => ComponentType<Props> | undefined {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const fetchOnce = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return function useOnDemand(wanted) {
    const [, setArrived] = useState<ComponentType<Props>>();
    useEffect(() => {
      if (!wanted || loaded) return;
      let current = true;
      fetchOnce().then(
        (component) => current && setArrived(() => component),
        (error: unknown) =>
          current &&
          setArrived(() => {
            throw error;
          }),
      );
      return () => {
        current = false;
      };
    }, [wanted]);
    return wanted ? loaded : undefined;
  };
}
