// The pre-rendered login page's only script (scripts/build.ts renders the page from AuthLayout and
// LoginScreen at build time; server/static.ts serves it for /app/auth/login and /admin/auth/login).
// It does what LoginScreen does, on the markup React rendered, without React, the router or SWR:
// - a signed-in visitor: starts the SPA (its entry is in <meta name="app-entry">), whose guard sends them
//   to their dashboard as it does from any guest page;
// - submit: the same instant check (common/schemas/auth's loginSchema, loaded when the form is first
//   focused), then POST /api/auth/login through the one fetch wrapper (XSRF header included);
// - failures: the same inline field errors and form-level error as TextField and FormError render, focus
//   on the first invalid field, a field's error cleared as it is edited;
// - success: the page the person asked for (?redirect=, when it is safe) or their area's dashboard;
// - "Sign in with your school account" (its form marked data-sso-form): POST /api/auth/social with the email,
//   then off to the provider's address; its errors shown the same way (a `?district=` or `?sso=` visit gets
//   the SPA instead, server/static.ts).
// - a Spanish page (<html lang="es">, issue 33; the markup is Spanish already): the few texts this script shows
//   itself (the shared schema's messages, the fallback of a failed request) in Spanish, their catalogues
//   (common/i18n/es) fetched with the schema; an English page fetches nothing more. After signing in the
//   next page is a full load, which starts the app in the person's own language.
// Once inside the app, the login screen is LoginScreen in the SPA (after signing out, for example).
import { homePathFor, safeRedirect } from '../../common/authPaths';
import type { AuthUser } from '../../common/authUser';
import { api, setSessionEndedHandler } from '../lib/api';
import { type FormErrors, toFormErrors, zodFormErrors } from '../lib/formErrors';

const FIELDS = ['email', 'password'] as const;
type FieldName = (typeof FIELDS)[number];

const root = document.getElementById('root')!;
const area: 'app' | 'admin' = root.dataset.loginArea === 'admin' ? 'admin' : 'app';
const form = root.querySelector('form')!;
const submitButton = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
const input = (name: FieldName) => form.elements.namedItem(name) as HTMLInputElement;

// On this page a 401 or 419 is the answer to the form, shown inline: there is no session to end.
setSessionEndedHandler(() => {});

let appStarted = false;
/** Hands the page to the SPA (it renders into #root, replacing this markup). */
function startApp(): void {
  const entry = document.querySelector<HTMLMetaElement>('meta[name="app-entry"]')?.content;
  if (appStarted || !entry) return;
  appStarted = true;
  void import(entry);
}

// Signed in already: the SPA's guard sends the person on (guest pages are for guests). A 401 is a guest.
api.get<AuthUser>('auth/user', undefined, { allowUnauthenticated: true }).then(startApp, () => undefined);

type LoginModule = typeof import('../../common/schemas/auth');
let schemaModule: Promise<LoginModule | null> | null = null;
/** The shared schema (zod), fetched once the form is used; unreachable, the server's same check answers instead. */
const loadSchema = () => (schemaModule ??= import('../../common/schemas/auth').catch(() => null));

let textsLoaded: Promise<void> | null = null;
/** On a Spanish page, the Spanish of the texts shown by this script (unreachable: they stay in English). */
const loadTexts = () => (textsLoaded ??= document.documentElement.lang !== 'es' ? Promise.resolve()
  : import('./loginPageSpanish').then(() => undefined, () => undefined));
form.addEventListener('focusin', () => {
  void loadSchema();
  void loadTexts();
}, { once: true });

function element(tag: string, attrs: Record<string, string>, children: (Node | string)[] = []): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  el.append(...children);
  return el;
}

/** What TextField renders for an error: the .field--invalid wrapper, aria-invalid, the linked message. */
function setFieldError(name: FieldName, message: string | undefined): void {
  showFieldError(input(name), message);
}

function showFieldError(control: HTMLInputElement, message: string | undefined): void {
  const field = control.closest('.field')!;
  const errorId = `${control.id}-error`;
  document.getElementById(errorId)?.remove();
  const describedBy = (control.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== errorId);
  field.classList.toggle('field--invalid', Boolean(message));
  if (message) {
    control.setAttribute('aria-invalid', 'true');
    describedBy.push(errorId);
    field.append(element('div', { class: 'field__error', id: errorId }, [
      element('p', { class: 'field__error-item' }, [
        element('span', { class: 'field__error-icon', 'aria-hidden': 'true' }, ['!']),
        element('span', { class: 'sr-only' }, ['Error: ']),
        message,
      ]),
    ]));
  } else {
    control.removeAttribute('aria-invalid');
  }
  if (describedBy.length > 0) control.setAttribute('aria-describedby', describedBy.join(' '));
  else control.removeAttribute('aria-describedby');
}

/** What FormError renders for one message, as the form's first child. */
function setFormError(message: string | null, target: HTMLFormElement = form): void {
  target.querySelector(':scope > .form-error')?.remove();
  if (!message) return;
  target.prepend(element('div', { class: 'form-error', role: 'alert' }, [
    element('span', { class: 'form-error__icon', 'aria-hidden': 'true' }, ['!']),
    element('div', { class: 'form-error__content' }, [
      element('p', { class: 'form-error__title' }, [element('span', { class: 'sr-only' }, ['Error: ']), message]),
    ]),
  ]));
}

function showErrors(errors: FormErrors): void {
  for (const name of FIELDS) setFieldError(name, errors.fields[name]);
  setFormError(errors.form);
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** Button's busy state: disabled, aria-busy and the spinner before the label. */
function setBusy(busy: boolean, button: HTMLButtonElement = submitButton): void {
  const submitButton = button;
  submitButton.disabled = busy;
  submitButton.querySelector('.btn__spinner')?.remove();
  if (busy) {
    submitButton.setAttribute('aria-busy', 'true');
    submitButton.prepend(element('span', { class: 'btn__spinner', 'aria-hidden': 'true' }));
  } else {
    submitButton.removeAttribute('aria-busy');
  }
}

// Editing a field clears its error, as useFormErrors does.
form.addEventListener('input', (event) => {
  const target = event.target as HTMLInputElement;
  if ((FIELDS as readonly string[]).includes(target.name) && target.getAttribute('aria-invalid') === 'true') setFieldError(target.name as FieldName, undefined);
});

let submitting = false;
async function submit(): Promise<void> {
  const values = { email: input('email').value, password: input('password').value, area };
  const [schemas] = await Promise.all([loadSchema(), loadTexts()]);
  let body = values;
  if (schemas) {
    const result = schemas.loginSchema.safeParse(values);
    if (!result.success) {
      showErrors(zodFormErrors(result.error, FIELDS));
      return;
    }
    body = { email: result.data.email, password: result.data.password, area };
  }
  setBusy(true);
  showErrors({ fields: {}, form: null });
  try {
    const user = await api.post<AuthUser>('auth/login', body);
    // Replace this page in the history, as the SPA's navigate(…, { replace: true }) does; busy until it goes.
    window.location.replace(safeRedirect(new URLSearchParams(window.location.search).get('redirect'), area) ?? homePathFor(user));
  } catch (err) {
    await loadTexts();
    setBusy(false);
    showErrors(toFormErrors(err, FIELDS));
  }
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  if (submitting || submitButton.disabled) return;
  submitting = true;
  void submit().finally(() => {
    submitting = false;
  });
});

// Sign in with your school account: the email's domain finds the district's connection (issue 30).
const ssoForm = root.querySelector<HTMLFormElement>('form[data-sso-form]');
if (ssoForm) {
  const ssoEmail = ssoForm.elements.namedItem('email') as HTMLInputElement;
  const ssoButton = ssoForm.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  ssoEmail.addEventListener('input', () => {
    if (ssoEmail.getAttribute('aria-invalid') === 'true') showFieldError(ssoEmail, undefined);
  });
  ssoForm.addEventListener('submit', (event) => {
    event.preventDefault();
    if (ssoButton.disabled) return;
    setBusy(true, ssoButton);
    showFieldError(ssoEmail, undefined);
    setFormError(null, ssoForm);
    api.post<{ redirect: string }>('auth/social', { email: ssoEmail.value.trim() }).then(({ redirect }) => {
      // Busy until the provider's page replaces this one.
      window.location.assign(redirect);
    }, async (err: unknown) => {
      await loadTexts();
      setBusy(false, ssoButton);
      const errors = toFormErrors(err, ['email']);
      showFieldError(ssoEmail, errors.fields.email);
      setFormError(errors.form, ssoForm);
      if (errors.fields.email) ssoEmail.focus();
    });
  });
}
