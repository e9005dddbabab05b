import { type ComponentType, createElement, useEffect, useState } from 'react';

/** A module's export fetched once, whoever asks first; a failed fetch is asked again by the next one. */
export function fetchedOnce<T>(load: () => Promise<T>) {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    get loaded() {
      return loaded;
    },
    fetch: () => {
      loading ??= load().then(
        (value) => {
          loaded = value;
          return value;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}

type FetchedOnce<T> = ReturnType<typeof fetchedOnce<T>>;

/** Fetches `source` while `wanted`, re-rendering once it is there; a failed fetch is thrown into the render. */
function useArrival<T>(source: FetchedOnce<T>, wanted: boolean): T | undefined {
  const [, setArrived] = useState<unknown>();
  useEffect(() => {
    if (!wanted || source.loaded) return;
    let current = true;
    source.fetch().then(
      (value) => current && setArrived(() => value),
      (error: unknown) =>
        current &&
        setArrived(() => {
          throw error;
        }),
    );
    return () => {
      current = false;
    };
  }, [source, wanted]);
  return source.loaded;
}

/**
 * A view whose code is fetched the first time one is rendered, which renders nothing until it is there.
 * React.lazy would suspend instead, and React 19 holds back the reveal of a Suspense boundary until 300 ms
 * after its fallback showed: the history page's comparison, from a local chunk, took a third of a second to
 * appear. A failed fetch is thrown into the render, where lazy's went, and the next render fetches again.
 */
export function onDemand<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const source = fetchedOnce(load);
  return function OnDemand(props: Props) {
    const loaded = useArrival(source, true);
    return loaded ? createElement(loaded, props) : null;
  };
}

/**
 * The same for a page that shows something else in the view's place until it is there, and must know when
 * it is, or for any other export a page needs only now and then (the sentences for failures): the export,
 * once fetched (while `wanted`), or undefined.
 */
export function onDemandExport<T>(load: () => Promise<T>): (wanted: boolean) => T | undefined {
  const source = fetchedOnce(load);
  return (wanted) => useArrival(source, wanted);
}
