// React DOM's client in the bundle as module code (issue 35, scripts/build.ts reactDomClientAsModule): its CommonJS
// module function, parsed whole on the main thread when first imported, was about 160 ms of one task on a slow phone.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { reactDomClientAsModule, reactDomClientPlugin } from './build';

const ROOT = path.resolve(import.meta.dirname, '..');
const FILE = path.join(ROOT, 'node_modules/react-dom/cjs/react-dom-client.production.js');

async function bundle(asModule: boolean): Promise<string> {
  const result = await esbuild.build({
    stdin: { contents: `import { createRoot, version } from 'react-dom/client'; export { createRoot, version };`, resolveDir: ROOT, loader: 'js' },
    absWorkingDir: ROOT, bundle: true, format: 'esm', platform: 'browser', write: false, logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: asModule ? [reactDomClientPlugin()] : [],
  });
  return result.outputFiles[0]!.text;
}

describe("React DOM's client as a module", () => {
  it('imports what it required and exports what it exported', () => {
    const code = reactDomClientAsModule(fs.readFileSync(FILE, 'utf8'));
    expect(code).toContain('import Scheduler from "scheduler";\nimport React from "react";\nimport ReactDOM from "react-dom";');
    expect(code).not.toMatch(/\brequire\(|\bexports\./);
    expect(code.trimEnd().split('\n').at(-1)).toBe('export { __export_createRoot as createRoot, __export_hydrateRoot as hydrateRoot, __export_version as version };');
  });

  it('bundles as top-level code, where esbuild wrapped the CommonJS file in a function called on first import', async () => {
    const wrapped = await bundle(false);
    const asModule = await bundle(true);
    expect(wrapped).toMatch(/"node_modules\/react-dom\/cjs\/react-dom-client\.production\.js"\(exports\)/);
    expect(asModule).not.toContain('react-dom-client.production.js"(exports');
    // The same React DOM: its version, and createRoot as a top-level function of the bundle.
    const version = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/react-dom/package.json'), 'utf8')).version as string;
    expect(asModule).toContain(`__export_version = "${version}"`);
    expect(asModule).toMatch(/^var __export_createRoot = function/m);
  });

  it('refuses a file it does not know, so a new React fails the build, not the page', () => {
    expect(() => reactDomClientAsModule('"use strict";\nmodule.exports = require("./other");')).toThrow(/requires are not the ones/);
    const source = fs.readFileSync(FILE, 'utf8');
    expect(() => reactDomClientAsModule(`${source}\nexports.somethingNew = 1;`)).toThrow(/exports are not the ones/);
  });
});
