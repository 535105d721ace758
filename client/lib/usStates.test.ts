// US state names in the reader's language (issue 33): the stored value stays the code, the name shown follows the
// reader (the district's state on Site settings and the dashboard, the registration form, the admin districts).
import { afterEach, describe, expect, it } from 'vitest';
import { US_STATES } from '../../common/constants';
import es from '../i18n/es';
import { setLocale } from './i18n';
import { stateName, stateOptions } from './usStates';

afterEach(() => setLocale('en'));

describe('US state names', () => {
  it('are the English names in English, options sorted as before', () => {
    expect(stateName('NY')).toBe('New York');
    expect(stateName('XX')).toBe('XX');
    const options = stateOptions();
    expect(options).toHaveLength(Object.keys(US_STATES).length);
    expect(options.slice(0, 3)).toEqual([{ value: 'AL', label: 'Alabama' }, { value: 'AK', label: 'Alaska' }, { value: 'AZ', label: 'Arizona' }]);
    expect(options.map((o) => o.label)).toEqual(Object.values(US_STATES).sort((a, b) => a.localeCompare(b)));
    expect(stateOptions(true).find((o) => o.value === 'NY')!.label).toBe('New York (NY)');
  });

  it('are Spanish names for a Spanish reader, sorted in Spanish, the value still the code', () => {
    setLocale('es', es);
    expect(stateName('NY')).toBe('Nueva York');
    expect(stateName('NC')).toBe('Carolina del Norte');
    expect(stateName('PA')).toBe('Pensilvania');
    expect(stateName('DC')).toBe('Distrito de Columbia');
    expect(stateName('TX')).toBe('Texas');
    const options = stateOptions();
    const labels = options.map((o) => o.label);
    expect(labels.indexOf('Carolina del Norte')).toBeLessThan(labels.indexOf('Colorado'));
    expect(labels.indexOf('Misisipi')).toBeLessThan(labels.indexOf('Misuri'));
    expect(options.find((o) => o.label === 'Nueva York')!.value).toBe('NY');
    expect(stateOptions(true).find((o) => o.value === 'HI')!.label).toBe('Hawái (HI)');
    // Every name is either its own Spanish or a name Spanish writes the same, never a text of another catalogue.
    const changed = Object.keys(US_STATES).filter((code) => stateName(code) !== US_STATES[code]);
    expect(changed).toHaveLength(17);
  });
});
