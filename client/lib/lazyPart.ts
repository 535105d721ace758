// A rarely used part of a screen (a dialog, an editor, a chart below the fold) in its own chunk, so a
// signed-in first paint loads only the shell and what the first screen shows (issue 35; npm run bench
// budgets that JavaScript). The part loads through loadChunk (time-out, named errors) when it first
// renders, inside its own Suspense boundary: the screen around it never falls back to a loading block.
// `preload()` starts the download early (preloadWhenIdle after the screen has painted, or on a hover).
import { type ComponentType, createElement, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { loadChunk } from './chunk';

export type LazyPart<P> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * `const LogTimeDialog = lazyPart('LogTimeDialog', () => import('./LogTimeDialog').then((m) => m.LogTimeDialog));`
 * renders `fallback` (nothing by default: a dialog appears once its code is in) while the chunk loads.
 */
export function lazyPart<P extends object>(chunk: string, importer: () => Promise<ComponentType<P>>, fallback: ReactNode = null): LazyPart<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const load = () => {
    loading ??= loadChunk(chunk, importer).then((component) => ({ default: component }), (error: unknown) => {
      loading = null; // a failed preload leaves the first render to try again
      throw error;
    });
    return loading;
  };
  const Lazy = lazy(load);
  const Part = (props: P) => createElement(Suspense, { fallback }, createElement(Lazy as ComponentType<P>, props));
  Part.displayName = `LazyPart(${chunk})`;
  return Object.assign(Part, { preload: () => load().catch(() => undefined) });
}

/** Starts loading the given parts once the browser is idle after the screen has painted. */
export function usePreloadWhenIdle(...parts: { preload: () => Promise<unknown> }[]): void {
  useEffect(() => {
    const start = () => { for (const part of parts) void part.preload(); };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(start, { timeout: 5000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(start, 2000);
    return () => window.clearTimeout(timer);
    // The parts are module-level constants: once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
