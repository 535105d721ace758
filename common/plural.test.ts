import { describe, expect, it } from 'vitest';
import { countText, plural, pluralWord } from './plural';

describe('plural', () => {
  it.each([
    [0, '0 rows'],
    [1, '1 row'],
    [2, '2 rows'],
    [21, '21 rows'],
    [1000, '1,000 rows'],
    [1234567, '1,234,567 rows'],
    [1.5, '1.5 rows'],
    [-1, '-1 row'],
  ])('%d → %s', (n, text) => {
    expect(plural(n, 'row', 'rows')).toBe(text);
  });

  it('takes whole phrases, so a verb agrees too', () => {
    expect(plural(1, 'row has', 'rows have')).toBe('1 row has');
    expect(plural(3, 'row has', 'rows have')).toBe('3 rows have');
    expect(`${plural(1, 'row', 'rows')} with errors ${pluralWord(1, 'is', 'are')} skipped`).toBe('1 row with errors is skipped');
    expect(`${plural(2, 'row', 'rows')} with errors ${pluralWord(2, 'is', 'are')} skipped`).toBe('2 rows with errors are skipped');
  });

  it('pluralWord answers only the word', () => {
    expect(pluralWord(1, 'educator', 'educators')).toBe('educator');
    expect(pluralWord(0, 'educator', 'educators')).toBe('educators');
  });

  it('countText groups digits like the rest of the app', () => {
    expect(countText(0)).toBe('0');
    expect(countText(999)).toBe('999');
    expect(countText(10000)).toBe('10,000');
    expect(countText(-2500)).toBe('-2,500');
  });
});

describe('messages built on it', () => {
  it('the import refusals agree with their counts', async () => {
    const { IMPORT_MESSAGES } = await import('./schemas/imports');
    expect(IMPORT_MESSAGES.hasErrors(1)).toMatch(/^1 row has errors\./);
    expect(IMPORT_MESSAGES.hasErrors(1200)).toMatch(/^1,200 rows have errors\./);
    expect(IMPORT_MESSAGES.confirmDeactivations(1)).toBe('Full sync deactivates 1 educator missing from the file: confirm that number to run it.');
  });
});
