import { describe, expect, it } from 'vitest';
import { parseDbOption } from './benchLib';

describe('parseDbOption (npm run bench -- --db=…)', () => {
  it('is SQLite when no --db is given', () => {
    expect(parseDbOption([])).toBe('sqlite');
    expect(parseDbOption(['--other'])).toBe('sqlite');
  });
  it('reads --db=pg, --db pg and the long names', () => {
    expect(parseDbOption(['--db=pg'])).toBe('pg');
    expect(parseDbOption(['--db', 'pg'])).toBe('pg');
    expect(parseDbOption(['--db=PostgreSQL'])).toBe('pg');
    expect(parseDbOption(['--db=sqlite'])).toBe('sqlite');
  });
  it('refuses any other value, a missing one and two different ones', () => {
    expect(() => parseDbOption(['--db=mysql'])).toThrow('--db must be sqlite or pg (got "mysql")');
    expect(() => parseDbOption(['--db'])).toThrow('--db must be sqlite or pg (got "")');
    expect(() => parseDbOption(['--db=pg', '--db=sqlite'])).toThrow('--db given twice: pg, sqlite');
  });
});
