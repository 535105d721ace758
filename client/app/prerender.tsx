// Build-time rendering (scripts/build.ts bundles this for Node and calls it): the login page of each area
// as HTML from the same AuthLayout and LoginScreen the SPA shows, so a first visit to /app/auth/login or
// /admin/auth/login paints the form before any JavaScript arrives and downloads only the small
// enhancement script (client/app/loginPage.ts) instead of React, the router and SWR. And each signed-in
// area's empty shell (ShellFrame): what a signed-in visit paints until the app's first render replaces it.
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { PRODUCT_NAME } from '../../common/constants';
import type { Locale } from '../../common/locales';
import { setLocale } from '../lib/i18n';
import spanish from '../i18n/es';
import LoginScreen from '../features/auth/LoginScreen';
import { AuthLayout } from './layouts/AuthLayout';
import { ShellFrame } from './layouts/ShellLayout';
import { ROUTES } from './routeTable';
import { routeTitle } from './routeTitles';

/** Renders what follows in this language (the build renders each page once per language, issue 33). */
export function renderIn(locale: Locale): void {
  setLocale(locale, locale === 'es' ? spanish : undefined);
}

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The document title the SPA's guard would set. */
  title: string;
}

/** The login screen of the route at `path` ('/app/auth/login' or '/admin/auth/login'), optionally at a URL with a query. */
export function renderLogin(path: string, search = ''): RenderedPage {
  const def = ROUTES.find((r) => r.path === path && r.screen === 'login');
  if (!def) throw new Error(`No login route at ${path}.`);
  const html = renderToString(
    <MemoryRouter initialEntries={[`${path}${search}`]}>
      <Routes>
        <Route element={<AuthLayout />}>
          <Route path={path} element={<LoginScreen route={{ ...def, title: routeTitle(def) }} />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
  return { html, title: `${routeTitle(def)} | ${PRODUCT_NAME}` };
}

/** The empty shell of a signed-in area (top bar, sidebar and main region without the user's content), inside #root. */
export function renderShell(variant: 'app' | 'admin'): string {
  return renderToString(
    <MemoryRouter>
      <ShellFrame variant={variant} />
    </MemoryRouter>,
  );
}
