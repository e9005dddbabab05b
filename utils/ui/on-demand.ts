import { type ComponentType, createElement, useEffect, useState } from 'react';

/**
 * A view whose code is fetched the first time one is rendered, which renders nothing until it is there.
 * React.lazy would suspend instead, and React 19 holds back the reveal of a Suspense boundary until 300 ms
 * after its fallback showed: the history page's comparison, from a local chunk, took a third of a second to
 * appear. A failed fetch is thrown into the render, where lazy's went, and the next render fetches again.
 */
export function onDemand<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
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
  return function OnDemand(props: Props) {
    const [, setArrived] = useState<ComponentType<Props>>();
    useEffect(() => {
      if (loaded) return;
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
    }, []);
    return loaded ? createElement(loaded, props) : null;
  };
}
