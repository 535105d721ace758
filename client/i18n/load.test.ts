// A chunk's catalogue part (issue 33/35): the build wraps a dynamic import of code with messages in withCatalog, which
// resolves once the chunk and the Spanish of its messages are both in, whenever the page's language is decided.
import { describe, expect, it } from 'vitest';
import { defineMessages, setLocale, t } from '../lib/i18n';
import { languageDecided, withCatalog } from './load';

const m = defineMessages({
  title: { id: 'staff.title', defaultMessage: 'Educators' },
  count: { id: 'staff.count', defaultMessage: '{count, plural, one {# educator} other {# educators}}' },
});

describe('withCatalog', () => {
  it('waits for the language, then adds the part of that language before the chunk resolves', async () => {
    const loaded: string[] = [];
    const chunk = withCatalog(Promise.resolve({ screen: 'staff' }), {
      es: () => { loaded.push('es'); return Promise.resolve({ default: { 'staff.title': 'Educadores', 'staff.count': '{count, plural, one {# educador} other {# educadores}}' } }); },
    });
    // The first screen's chunk starts loading before main.tsx knows the language: nothing is fetched yet.
    await Promise.resolve();
    expect(loaded).toEqual([]);
    setLocale('es', { messages: { 'app.other': 'Otro' }, texts: {} });
    languageDecided('es');
    expect(await chunk).toEqual({ screen: 'staff' });
    expect(loaded).toEqual(['es']);
    expect(t(m.title)).toBe('Educadores');
    expect(t(m.count, { count: 2 })).toBe('2 educadores');
    // A part that fails leaves those messages in English and the chunk still resolves; a chunk that fails still fails.
    expect(await withCatalog(Promise.resolve(1), { es: () => Promise.reject(new Error('offline')) })).toBe(1);
    await expect(withCatalog(Promise.reject(new Error('chunk failed')), {})).rejects.toThrow('chunk failed');
  });
});
