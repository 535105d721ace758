import { describe, expect, it } from 'vitest';
import { PAGER_RANGE, READ_MORE_LENGTH, TOUCH_CLOSE_TOLERANCE_PX } from '../../common/constants';
import { toggleValue } from './CheckboxGroup';
import { pageWindow } from './Pager';
import { isTap } from './Popover';
import { truncateText } from './ReadMore';
import { nextSort, sortDirection } from './SortHeader';

describe('pageWindow', () => {
  it('uses the shared range by default', () => {
    expect(PAGER_RANGE).toBe(3);
    expect(pageWindow(5, 10)).toEqual([4, 5, 6]);
  });

  it('starts at page 1 on the first page', () => {
    expect(pageWindow(1, 10, 3)).toEqual([1, 2, 3]);
  });

  it('centres the current page in the middle', () => {
    expect(pageWindow(5, 10, 3)).toEqual([4, 5, 6]);
    expect(pageWindow(2, 10, 3)).toEqual([1, 2, 3]);
  });

  it('ends at the last page on the last page', () => {
    expect(pageWindow(10, 10, 3)).toEqual([8, 9, 10]);
    expect(pageWindow(9, 10, 3)).toEqual([8, 9, 10]);
  });

  it('shows every page when there are fewer pages than the range', () => {
    expect(pageWindow(1, 2, 3)).toEqual([1, 2]);
    expect(pageWindow(2, 2, 3)).toEqual([1, 2]);
    expect(pageWindow(1, 1, 3)).toEqual([1]);
    expect(pageWindow(1, 0, 3)).toEqual([]);
  });

  it('never shows more than `range` pages and clamps an out-of-range page', () => {
    expect(pageWindow(50, 10, 3)).toEqual([8, 9, 10]);
    expect(pageWindow(-2, 10, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10, 5)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(5, 10, 4)).toHaveLength(4);
  });
});

describe('isTap', () => {
  const start = { x: 100, y: 100 };

  it('uses the shared 20px tolerance by default', () => {
    expect(TOUCH_CLOSE_TOLERANCE_PX).toBe(20);
  });

  it('treats a move under the tolerance as a tap', () => {
    expect(isTap(start, { x: 100, y: 100 })).toBe(true);
    expect(isTap(start, { x: 119, y: 100 })).toBe(true);
    expect(isTap(start, { x: 100, y: 81 })).toBe(true);
  });

  it('does not treat a move of exactly the tolerance as a tap', () => {
    expect(isTap(start, { x: 120, y: 100 })).toBe(false);
    expect(isTap(start, { x: 100, y: 80 })).toBe(false);
  });

  it('treats a larger move (a scroll) as not a tap', () => {
    expect(isTap(start, { x: 100, y: 160 })).toBe(false);
    expect(isTap(start, { x: 75, y: 100 })).toBe(false);
  });

  it('measures diagonal moves by distance, not per axis', () => {
    expect(isTap(start, { x: 112, y: 112 })).toBe(true); // ≈ 16.97px
    expect(isTap(start, { x: 115, y: 115 })).toBe(false); // ≈ 21.21px, each axis under 20
    expect(isTap(start, { x: 112, y: 116 })).toBe(false); // exactly 20px
  });

  it('accepts a custom tolerance', () => {
    expect(isTap(start, { x: 130, y: 100 }, 40)).toBe(true);
  });
});

describe('truncateText', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

  it('uses the shared 100-character length by default', () => {
    expect(READ_MORE_LENGTH).toBe(100);
  });

  it('leaves short text untouched', () => {
    expect(truncateText('A short note.', 100)).toEqual({ short: 'A short note.', truncated: false });
    expect(truncateText('', 100)).toEqual({ short: '', truncated: false });
  });

  it('leaves text of exactly 100 characters untouched', () => {
    const text = 'x'.repeat(50) + ' ' + 'y'.repeat(49);
    expect(text).toHaveLength(100);
    expect(truncateText(text)).toEqual({ short: text, truncated: false });
  });

  it('cuts long text at a word boundary within 100 characters and adds an ellipsis', () => {
    const text = words(40);
    const { short, truncated } = truncateText(text, 100);
    expect(truncated).toBe(true);
    expect(short.endsWith('…')).toBe(true);
    const body = short.slice(0, -1);
    expect(body.length).toBeLessThanOrEqual(100);
    expect(text.startsWith(body)).toBe(true);
    // The cut lands between words: the next character of the original is a space.
    expect(text.charAt(body.length)).toBe(' ');
    expect(body.split(' ').every((w) => /^word\d+$/.test(w))).toBe(true);
  });

  it('keeps the full 100 characters when the cut already falls on a space', () => {
    const text = 'a'.repeat(100) + ' rest of the text';
    expect(truncateText(text, 100)).toEqual({ short: 'a'.repeat(100) + '…', truncated: true });
  });

  it('hard-cuts a single word longer than the limit', () => {
    const { short, truncated } = truncateText('z'.repeat(150), 100);
    expect(truncated).toBe(true);
    expect(short).toBe('z'.repeat(100) + '…');
  });

  it('drops trailing punctuation before the ellipsis', () => {
    const text = 'Observed the lesson, then met with the coach' + ', and more words follow here'.repeat(5);
    const { short } = truncateText(text, 45);
    expect(short).toBe('Observed the lesson, then met with the coach…');
  });
});

describe('toggleValue (CheckboxGroup)', () => {
  const options = ['PK', 'K', '1', '2'].map((value) => ({ value }));

  it('keeps the chosen values in option order, whatever the order they were ticked in', () => {
    expect(toggleValue(options, ['2'], 'K', true)).toEqual(['K', '2']);
    expect(toggleValue(options, ['2', 'K'], 'PK', true)).toEqual(['PK', 'K', '2']);
  });

  it('removes an unticked value and never duplicates a ticked one', () => {
    expect(toggleValue(options, ['PK', 'K', '2'], 'K', false)).toEqual(['PK', '2']);
    expect(toggleValue(options, ['K'], 'K', true)).toEqual(['K']);
    expect(toggleValue(options, ['K'], '2', false)).toEqual(['K']);
  });

  it('keeps values that are not among the options, after the others', () => {
    expect(toggleValue(options, ['99', '2'], 'PK', true)).toEqual(['PK', '2', '99']);
    expect(toggleValue(options, ['99', '2'], '2', false)).toEqual(['99']);
  });
});

describe('SortHeader', () => {
  it('flips the sorted column and starts another ascending (the educators\' Name and School)', () => {
    expect(nextSort('last_name', 'last_name')).toBe('-last_name');
    expect(nextSort('-last_name', 'last_name')).toBe('last_name');
    expect(nextSort('last_name', 'building')).toBe('building');
    expect(nextSort('-first_name', 'last_name')).toBe('last_name');
  });

  it('starts a column descending when asked (the districts\' counts, the users\' dates)', () => {
    expect(nextSort('name', 'users', true)).toBe('-users');
    expect(nextSort('-users', 'users', true)).toBe('users');
    expect(nextSort('users', 'users', true)).toBe('-users');
    expect(nextSort('-users', 'trial_end')).toBe('trial_end');
  });

  it('reports aria-sort', () => {
    expect(sortDirection('building', 'building')).toBe('ascending');
    expect(sortDirection('-building', 'building')).toBe('descending');
    expect(sortDirection('-building', 'last_name')).toBeUndefined();
    expect(sortDirection('last_name_x', 'last_name')).toBeUndefined();
  });
});
