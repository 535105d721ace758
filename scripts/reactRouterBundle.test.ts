// React Router in the client bundle (issue 35): the app's declarative imports bundle without the data router, and
// with the build's treeShakableReactRouter (scripts/build.ts) without the components the app never renders.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { treeShakableReactRouter } from './build';

const ROOT = path.resolve(import.meta.dirname, '..');
// Every name the client imports from react-router-dom outside tests and the build-time prerender.
const APP_IMPORTS = 'Link, NavLink, Navigate, Outlet, Router, UNSAFE_createBrowserHistory, matchRoutes, useLocation, useNavigate, useParams, useRoutes, useSearchParams';

async function bundle(transform: boolean): Promise<string> {
  const result = await esbuild.build({
    stdin: { contents: `export { ${APP_IMPORTS} } from 'react-router-dom';`, resolveDir: ROOT, loader: 'js' },
    absWorkingDir: ROOT,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    external: ['react', 'react-dom'],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    plugins: transform ? [{
      name: 'tree-shakable-react-router',
      setup(b) {
        b.onLoad({ filter: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/ }, (args) => ({
          contents: treeShakableReactRouter(fs.readFileSync(args.path, 'utf8')),
          loader: 'js',
        }));
      },
    }] : [],
  });
  return result.outputFiles[0]!.text;
}

describe('React Router in the bundle', () => {
  it('the app\'s imports bring no data router (createRouter, RouterProvider, loaders, fetchers)', async () => {
    const code = await bundle(true);
    for (const name of ['function createRouter(', 'function RouterProvider(', 'function useFetcher(', 'function useLoaderData(', 'function createBrowserRouter(']) {
      expect(code, name).not.toContain(name);
    }
    // What the app does use is there.
    for (const name of ['function useRoutes(', 'function Router(', 'function createBrowserHistory(', 'var Link = ']) expect(code, name).toContain(name);
  });

  it('marked pure, the components the app never renders (Form, ScrollRestoration, the data routes) are left out', async () => {
    const plain = await bundle(false);
    const shaken = await bundle(true);
    for (const name of ['var Form = ', 'function useSubmit(', 'function ScrollRestoration(', 'function DataRoutes']) {
      expect(plain, name).toContain(name);
      expect(shaken, name).not.toContain(name);
    }
    expect(shaken.length).toBeLessThan(plain.length - 10_000);
  });

  it('only marks calls, drops display names and turns the development warnings off, line for line', () => {
    const source = [
      'var RouteContext = React.createContext({ outlet: null });',
      'var Link = React10.forwardRef(function LinkWithRef() {});',
      'var Memo = React3.memo(Inner);',
      'Link.displayName = "Link";',
      'var ENABLE_DEV_WARNINGS = true;',
      'var x = useContext(RouteContext);',
    ].join('\n');
    expect(treeShakableReactRouter(source).split('\n')).toEqual([
      'var RouteContext = /* @__PURE__ */ React.createContext({ outlet: null });',
      'var Link = /* @__PURE__ */ React10.forwardRef(function LinkWithRef() {});',
      'var Memo = /* @__PURE__ */ React3.memo(Inner);',
      '',
      'var ENABLE_DEV_WARNINGS = false;',
      'var x = useContext(RouteContext);',
    ]);
  });

  it("the package's development build, so transformed, is its production build but for the components' marks", () => {
    // The exports' only build (dist/development) and the unexported dist/production differ in that one flag today.
    const dir = path.join(ROOT, 'node_modules/react-router/dist');
    const chunk = (build: string) => fs.readdirSync(path.join(dir, build)).filter((f) => /^chunk-.*\.mjs$/.test(f))
      .map((f) => fs.readFileSync(path.join(dir, build, f), 'utf8')).sort((a, b) => a.length - b.length).at(-1)!;
    const unmarked = (code: string) => code.replace(/\/\* @__PURE__ \*\/ /g, '').replace(/^[ \t]*[\w$]+\.displayName = "[^"\n]*";[ \t]*$/gm, '')
      .replace(/chunk-[A-Z0-9]+/g, 'chunk');
    expect(unmarked(treeShakableReactRouter(chunk('development')))).toBe(unmarked(chunk('production')));
  });
});
