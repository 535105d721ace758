import { describe, expect, it } from 'vitest';
import { formatGrades, parseGrades } from './grades';
import { matchPosition, matchSchool, parseDay, parseSpreadsheet, parseSubjects, splitDelimited, splitName } from './paste';

const SCHOOLS = [
  { id: 1, name: 'Maple Grove High School', code: 'MGHS' },
  { id: 2, name: 'Lincoln Middle School', code: 'LMS' },
  { id: 3, name: 'Oak Hollow Elementary', code: null },
  { id: 4, name: 'Riverside Elementary', code: null },
];
const CTX = { schools: SCHOOLS, today: '2026-03-02', defaultSchoolId: '' };

describe('splitDelimited', () => {
  it('splits tab-separated rows and trims cells', () => {
    expect(splitDelimited('a\tb \t c\nd\te\tf')).toEqual([['a', 'b', 'c'], ['d', 'e', 'f']]);
  });

  it('accepts Windows and old Mac line endings and drops trailing blank lines', () => {
    expect(splitDelimited('a\tb\r\nc\td\r\n\r\n\t\r\n')).toEqual([['a', 'b'], ['c', 'd']]);
    expect(splitDelimited('a\tb\rc\td\r')).toEqual([['a', 'b'], ['c', 'd']]);
  });

  it('reads quoted cells holding tabs, line breaks and doubled quotes', () => {
    const text = '"Ann ""Annie"""\t"K, 1\t2"\t"line one\r\nline two"\nBo\tx\ty';
    expect(splitDelimited(text)).toEqual([['Ann "Annie"', 'K, 1\t2', 'line one\nline two'], ['Bo', 'x', 'y']]);
  });

  it('keeps empty cells in place so later columns stay aligned', () => {
    expect(splitDelimited('Ann\t\t\tMG1')).toEqual([['Ann', '', '', 'MG1']]);
  });

  it('splits CSV when asked', () => {
    expect(splitDelimited('a,"b, c",d', ',')).toEqual([['a', 'b, c', 'd']]);
  });
});

describe('grades', () => {
  it('maps grade text like "K, 1-3" to grade keys in school order', () => {
    expect(parseGrades('K, 1-3')).toEqual({ grades: ['K', '1', '2', '3'], unknown: [] });
    expect(parseGrades('9–12').grades).toEqual(['9', '10', '11', '12']);
    expect(parseGrades('Pre-K, K').grades).toEqual(['PK', 'K']);
    expect(parseGrades('PK-2; 5').grades).toEqual(['PK', 'K', '1', '2', '5']);
    expect(parseGrades('3rd and 4th grade').grades).toEqual(['3', '4']);
    expect(parseGrades('Grade 10 / 12').grades).toEqual(['10', '12']);
    expect(parseGrades('Kindergarten').grades).toEqual(['K']);
    expect(parseGrades('6 to 8').grades).toEqual(['6', '7', '8']);
    expect(parseGrades('').grades).toEqual([]);
  });

  it('reports what it cannot read', () => {
    expect(parseGrades('K, 14, college')).toEqual({ grades: ['K'], unknown: ['14', 'college'] });
  });

  it('formats keys compactly with ranges for three or more', () => {
    expect(formatGrades(['9', '10', '11', '12'])).toBe('9–12');
    expect(formatGrades(['3', 'K', '1', '2', '5'])).toBe('K–3, 5');
    expect(formatGrades(['6', '7'])).toBe('6, 7');
    expect(formatGrades([])).toBe('');
  });
});

describe('value matching', () => {
  it('maps school names, codes and shorthand to building ids, and refuses to guess', () => {
    expect(matchSchool('Lincoln Middle School', SCHOOLS)).toBe(2);
    expect(matchSchool('lincoln middle', SCHOOLS)).toBe(2);
    expect(matchSchool('Lincoln MS', SCHOOLS)).toBe(2);
    expect(matchSchool('LMS', SCHOOLS)).toBe(2);
    expect(matchSchool('Maple Grove HS', SCHOOLS)).toBe(1);
    expect(matchSchool('Oak Hollow Elem.', SCHOOLS)).toBe(3);
    expect(matchSchool('Riverside', SCHOOLS)).toBe(4);
    expect(matchSchool('Elementary', SCHOOLS)).toBeNull();
    expect(matchSchool('Cedar Falls High', SCHOOLS)).toBeNull();
    expect(matchSchool('', SCHOOLS)).toBeNull();
  });

  it('maps positions and subjects by name, shorthand or unique prefix', () => {
    expect(matchPosition('classroom teacher')).toBe('Classroom Teacher');
    expect(matchPosition('SPED')).toBe('Special Education Teacher');
    expect(matchPosition('Librarian')).toBe('Librarian / Media Specialist');
    expect(matchPosition('Astronaut')).toBeNull();
    expect(parseSubjects('Math, ELA; Science')).toEqual({ subjects: ['English Language Arts', 'Mathematics', 'Science'], unknown: [] });
    expect(parseSubjects('Elementary, Underwater basket weaving')).toEqual({ subjects: ['Elementary (all subjects)'], unknown: ['Underwater basket weaving'] });
  });

  it('reads ISO, US and written-out dates and refuses impossible ones', () => {
    expect(parseDay('2026-08-17')).toBe('2026-08-17');
    expect(parseDay('8/17/2026')).toBe('2026-08-17');
    expect(parseDay('08-17-26')).toBe('2026-08-17');
    expect(parseDay('Aug 17, 2026')).toBe('2026-08-17');
    expect(parseDay('17 August 2026')).toBe('2026-08-17');
    expect(parseDay('2/30/2026')).toBeNull();
    expect(parseDay('next week')).toBeNull();
  });

  it('splits full names written either way', () => {
    expect(splitName('Doe, Jane')).toEqual({ first_name: 'Jane', last_name: 'Doe' });
    expect(splitName('Jane van der Berg')).toEqual({ first_name: 'Jane', last_name: 'van der Berg' });
  });
});

describe('parseSpreadsheet', () => {
  it('reads rows without a header in the documented column order', () => {
    const text = 'Ana\tSilva\tana.silva@maplegrove.example\tMG90001\tClassroom Teacher\tK, 1-3\tElementary\tOak Hollow Elementary\t2026-08-17\r\n'
      + 'Ben\tOkoro\tben.okoro@maplegrove.example\tMG90002\tInterventionist\t6-8\tMath, Science\tLincoln Middle\t\r\n\r\n';
    const result = parseSpreadsheet(text, CTX);
    expect(result.hasHeader).toBe(false);
    expect(result.rows).toHaveLength(2);
    expect(result.rows[0]).toEqual({
      values: {
        first_name: 'Ana', last_name: 'Silva', email: 'ana.silva@maplegrove.example', employee_id: 'MG90001', position: 'Classroom Teacher',
        grade_levels: ['K', '1', '2', '3'], subjects: ['Elementary (all subjects)'], building_id: '3', start_date: '2026-08-17', hire_date: '',
      },
      problems: {},
    });
    expect(result.rows[1]!.values).toMatchObject({ building_id: '2', start_date: '2026-03-02', grade_levels: ['6', '7', '8'], subjects: ['Mathematics', 'Science'] });
  });

  it('uses a header row to place columns in any order, skipping unknown ones', () => {
    const text = 'School\tEmail\tName\tFavourite colour\tGrades\tHire date\nRiverside Elementary\tc@x.org\tCole, Dana\tblue\t2\t8/15/2019\n';
    const result = parseSpreadsheet(text, CTX);
    expect(result.hasHeader).toBe(true);
    expect(result.skippedColumns).toEqual(['Favourite colour']);
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0]!.values).toMatchObject({ first_name: 'Dana', last_name: 'Cole', email: 'c@x.org', building_id: '4', grade_levels: ['2'], hire_date: '2019-08-15' });
  });

  it('keeps rows it cannot fully read, with a message on each field to fix', () => {
    const text = 'Eve\tMoss\t\t\tAstronaut\tK, 20\tLatin\tLincon Middel\t31/12/2026\n';
    const { rows } = parseSpreadsheet(text, { ...CTX, defaultSchoolId: '2' });
    expect(rows[0]!.values).toMatchObject({ first_name: 'Eve', position: '', grade_levels: ['K'], subjects: [], building_id: '', start_date: '' });
    expect(Object.keys(rows[0]!.problems).sort()).toEqual(['building_id', 'grade_levels', 'position', 'start_date', 'subjects']);
    expect(rows[0]!.problems.building_id).toBe('We could not match “Lincon Middel” to one of your schools. Choose a school.');
  });

  it('uses the default school when the cell is empty and ignores a byte-order mark', () => {
    const { rows } = parseSpreadsheet('\uFEFFFay\tLi\n', { ...CTX, defaultSchoolId: '2' });
    expect(rows[0]!.values).toMatchObject({ first_name: 'Fay', last_name: 'Li', building_id: '2', start_date: '2026-03-02' });
  });

  it('gives nothing for an empty or whitespace paste', () => {
    expect(parseSpreadsheet('', CTX).rows).toEqual([]);
    expect(parseSpreadsheet('\r\n\t\r\n', CTX).rows).toEqual([]);
  });

  it('reads a comma-separated paste when there are no tabs', () => {
    const { rows } = parseSpreadsheet('Gus,Hale,gus@x.org,MG7,,"K, 1",,Riverside,\n', CTX);
    expect(rows[0]!.values).toMatchObject({ first_name: 'Gus', employee_id: 'MG7', grade_levels: ['K', '1'], building_id: '4' });
  });
});
