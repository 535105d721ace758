import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageFormat } from '../../common/i18n/messages';
import { translateText } from '../../common/i18n/text';
import { acceptLanguages, firstSupportedLocale } from '../../common/locales';
import { currentLocale, defineMessages, setLocale, t, tRich, tText } from './i18n';

const m = defineMessages({
  count: { id: 'test.count', defaultMessage: '{count, plural, one {# educator} other {# educators}} at {school}' },
  rich: { id: 'test.rich', defaultMessage: 'Read <b>the guide</b> first.' },
  plain: { id: 'test.plain', defaultMessage: 'Your coaching pulse' },
  quoted: { id: 'test.quoted', defaultMessage: "Type '{name}' as written." },
  percent: { id: 'test.percent', defaultMessage: '{share, number, percent} of {count, plural, one {# visit} other {# visits}}' },
});

afterEach(() => setLocale('en'));

describe('t', () => {
  it('formats English from the code, with ICU plurals', () => {
    expect(t(m.count, { count: 1, school: 'Lincoln' })).toBe('1 educator at Lincoln');
    expect(t(m.count, { count: 1200, school: 'Lincoln' })).toBe('1,200 educators at Lincoln');
  });
  it('formats the catalogue\'s Spanish with Spanish plurals and numbers', () => {
    setLocale('es', { messages: { 'test.count': '{count, plural, one {# educador/a} other {# educadores}} en {school}' }, texts: {} });
    expect(currentLocale()).toBe('es');
    expect(t(m.count, { count: 1, school: 'Lincoln' })).toBe('1 educador/a en Lincoln');
    // Spanish as written in the US (es-US): grouped like English.
    expect(t(m.count, { count: 12000, school: 'Lincoln' })).toBe('12,000 educadores en Lincoln');
  });
  it('falls back to English for a message the catalogue lacks', () => {
    setLocale('es', { messages: {}, texts: {} });
    expect(t(m.count, { count: 2, school: 'X' })).toBe('2 educators at X');
  });
  it('answers plain text as written, in English and from a catalogue (a built catalogue holds one literal as an AST)', () => {
    expect(t(m.plain)).toBe('Your coaching pulse');
    expect(tRich(m.plain, {})).toBe('Your coaching pulse');
    setLocale('es', { messages: { 'test.plain': [{ type: 0, value: 'Su pulso de coaching' }] }, texts: {} });
    expect(t(m.plain)).toBe('Su pulso de coaching');
  });
  it("keeps ICU's quoting for text with an apostrophe", () => {
    expect(t(m.quoted)).toBe('Type {name} as written.');
  });
  it('formats numbers and plurals of several messages in each language with the formatters they share', () => {
    expect(t(m.percent, { share: 0.25, count: 3 })).toBe('25% of 3 visits');
    expect(t(m.count, { count: 1, school: 'Lincoln' })).toBe('1 educator at Lincoln');
    setLocale('es', { messages: { 'test.percent': '{share, number, percent} de {count, plural, one {# visita} other {# visitas}}' }, texts: {} });
    expect(t(m.percent, { share: 0.5, count: 1 })).toBe('50% de 1 visita');
  });
  it('resolves a language once, not in every ICU message it formats', () => {
    messageFormat('es', {}, m.count);
    const supported = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    try {
      for (const message of [m.count, m.percent, m.count]) messageFormat('es', {}, message);
      expect(supported).not.toHaveBeenCalled();
      expect(messageFormat('es', {}, m.count).format({ count: 2, school: 'Lincoln' })).toBe('2 educators at Lincoln');
    } finally {
      supported.mockRestore();
    }
  });
  it('renders tags through the functions given', () => {
    const html = renderToStaticMarkup(createElement('p', null, tRich(m.rich, { b: (chunks) => createElement('strong', null, chunks) })));
    expect(html).toBe('<p>Read <strong>the guide</strong> first.</p>');
  });
});

describe('tText (texts keyed by their English)', () => {
  const texts = {
    'Name is required.': 'El nombre es obligatorio.',
    'Check your inbox at {email}: follow the link.': 'Revise su bandeja de entrada en {email}: siga el enlace.',
  };
  it('translates exact texts and texts with parts, and leaves others in English', () => {
    setLocale('es', { messages: {}, texts });
    expect(tText('Name is required.')).toBe('El nombre es obligatorio.');
    expect(tText('Check your inbox at a.b@c.org: follow the link.')).toBe('Revise su bandeja de entrada en a.b@c.org: siga el enlace.');
    expect(tText('Something else.')).toBe('Something else.');
    expect(translateText(texts, 'Check your inbox at : follow the link.')).toBe('Check your inbox at : follow the link.');
    // The most specific pattern wins, whatever the order of the catalogue.
    const both = { '{label} must be a whole number from 1 to {max}.': '{label} debe ser un número del 1 al {max}.', 'Seats must be a whole number from 1 to {max}.': 'Las licencias deben ser un número del 1 al {max}.' };
    expect(translateText(both, 'Seats must be a whole number from 1 to 10,000.')).toBe('Las licencias deben ser un número del 1 al 10,000.');
    expect(translateText(both, 'Days must be a whole number from 1 to 90.')).toBe('Days debe ser un número del 1 al 90.');
  });
});

describe('languages', () => {
  it('reads Accept-Language by preference and takes the first supported', () => {
    expect(acceptLanguages('en-US;q=0.5, es-PR, fr;q=0.9')).toEqual(['es-PR', 'fr', 'en-US']);
    expect(firstSupportedLocale(acceptLanguages('fr-FR, es;q=0.8, en;q=0.7'))).toBe('es');
    expect(firstSupportedLocale(acceptLanguages('de, fr'))).toBe('en');
    expect(firstSupportedLocale(acceptLanguages('es;q=0, en'))).toBe('en');
    expect(firstSupportedLocale([])).toBe('en');
  });
});
