// US state names in the reader's language (issue 33): districts store the state's code ("NY"); its English name is
// common/constants.ts US_STATES, and the Spanish ones ("Nueva York") are texts keyed by that English
// (common/i18n/es/usStates.json, only the names Spanish writes differently).
import { US_STATES } from '../../common/constants';
import { FORMAT_LOCALES, currentLocale, tText } from './i18n';

/** A state's name in the reader's language ("New York", "Nueva York"); a code we do not know as it is. */
export function stateName(code: string): string {
  const english = US_STATES[code];
  return english === undefined ? code : tText(english);
}

/** The states as options, by name in the reader's language; `withCode` adds the code: "New York (NY)". */
export function stateOptions(withCode = false): { value: string; label: string }[] {
  const collator = new Intl.Collator(FORMAT_LOCALES[currentLocale()]);
  return Object.keys(US_STATES)
    .map((code) => ({ value: code, name: stateName(code) }))
    .sort((a, b) => collator.compare(a.name, b.name))
    .map(({ value, name }) => ({ value, label: withCode ? `${name} (${value})` : name }));
}
