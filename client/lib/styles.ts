// Screen stylesheets: each screen's chunk waits for its feature's stylesheet before it renders (the
// build adds `await loadStyles([...])` to every screen module, see scripts/build.ts), so a lazy screen
// never shows unstyled. The server already puts the first route's stylesheet in the page's <head>.

const pending = new Map<string, Promise<void>>();

function whenLoaded(link: HTMLLinkElement): Promise<void> {
  // A stylesheet that has loaded (or failed) already has its sheet or will fire no more events.
  if (link.sheet) return Promise.resolve();
  return new Promise<void>((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    // A stylesheet that cannot load must not keep the screen from showing: resolve either way (a
    // <link> that failed before this ran fires nothing more, hence the time limit).
    link.addEventListener('error', () => resolve(), { once: true });
    setTimeout(resolve, 15_000);
  });
}

/** Adds each stylesheet once (unless the page has it already) and resolves when all have loaded. */
export function loadStyles(hrefs: string[]): Promise<void> {
  return Promise.all(hrefs.map((href) => {
    let done = pending.get(href);
    if (!done) {
      let link = document.querySelector<HTMLLinkElement>(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`);
      if (!link) {
        link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        document.head.appendChild(link);
      }
      done = whenLoaded(link);
      pending.set(href, done);
    }
    return done;
  })).then(() => undefined);
}
