import { GRADE_BANDS, MONTHS } from '../../../../common/schemas/site';
import { defineMessages, t, tText } from '../../../lib/i18n';

export { timezoneLabel, timezoneOptions } from '../../../lib/timezones';

/** A month's name in the person's language (lower case in Spanish, as inside a sentence). */
export const monthName = (month: number) => {
  const english = MONTHS[month - 1];
  return english ? tText(english) : String(month);
};
/** The months as select options (capitalised: a list's entries). */
export const monthOptions = () => MONTHS.map((english, i) => {
  const label = tText(english);
  return { value: String(i + 1), label: label.charAt(0).toLocaleUpperCase() + label.slice(1) };
});

const m = defineMessages({
  pk5: { id: 'site.gradeBand.pk5', defaultMessage: 'PK–5 (pre-K and elementary)' },
  k5: { id: 'site.gradeBand.k5', defaultMessage: 'K–5 (elementary)' },
  m68: { id: 'site.gradeBand.68', defaultMessage: '6–8 (middle school)' },
  h912: { id: 'site.gradeBand.912', defaultMessage: '9–12 (high school)' },
  other: { id: 'site.gradeBand.other', defaultMessage: 'Other' },
});

export const gradeBandLabel = (band: string): string => {
  switch (band) {
    case 'PK-5': return t(m.pk5);
    case 'K-5': return t(m.k5);
    case 'K-8': return 'K–8';
    case '6-8': return t(m.m68);
    case '9-12': return t(m.h912);
    case 'K-12': return 'K–12';
    case 'Other': return t(m.other);
    default: return band;
  }
};
export const gradeBandOptions = () => GRADE_BANDS.map((value) => ({ value, label: gradeBandLabel(value) }));
/** Short display form of a grade band: en dash for ranges. */
export const gradeBandText = (band: string | null) => (band === 'Other' ? t(m.other) : band ? band.replace('-', '–') : null);
