// The top of a screen first, the rest a frame later (issue 35). A profile's header is what a phone shows first and
// what its largest paint is; rendering every section with it holds that paint for the whole render (on a slow phone,
// a few hundred milliseconds), though nothing below the header is in view yet.
import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * False until `ready` has been true for one painted frame, then true (and true from then on). A screen renders its
 * top when its data is ready, and the sections below once that has been painted. What appears then only adds to the
 * page below what is on screen, so nothing moves.
 */
export function usePaintedOnce(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return undefined;
    let timer = 0;
    // The frame's callback runs before its paint; the task after it runs once the frame is painted.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}

/** Where the sections will be, until they render: nothing to see (browser tests wait for it to go, as for a loading block). */
export function PaintPending() {
  return <div className="paint-pending" hidden />;
}

/**
 * What a screen shows below its top, rendered a frame after the top has been painted (`render` is called only then,
 * so the work of building it waits too). Until then, the PaintPending marker. For sections that only add to the page
 * below its first screenful: a report's charts and tables under its headline figures.
 */
export function AfterFirstPaint({ render }: { render: () => ReactNode }) {
  const painted = usePaintedOnce(true);
  return painted ? render() : <PaintPending />;
}
