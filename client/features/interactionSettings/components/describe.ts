// Plain-language descriptions of types and fields for the Interaction settings lists (pure functions).
import { FIELD_KINDS, INTERACTION_COLOURS, type InteractionColour, type InteractionField } from '../../../../common/schemas/interactionTypes';
import { defineMessages, type MessageDescriptor, t } from '../../../lib/i18n';

const m = defineMessages({
  blue: { id: 'interactionSettings.colour.blue', defaultMessage: 'Blue' },
  green: { id: 'interactionSettings.colour.green', defaultMessage: 'Green' },
  purple: { id: 'interactionSettings.colour.purple', defaultMessage: 'Purple' },
  orange: { id: 'interactionSettings.colour.orange', defaultMessage: 'Orange' },
  teal: { id: 'interactionSettings.colour.teal', defaultMessage: 'Teal' },
  magenta: { id: 'interactionSettings.colour.magenta', defaultMessage: 'Magenta' },
  brown: { id: 'interactionSettings.colour.brown', defaultMessage: 'Brown' },
  gray: { id: 'interactionSettings.colour.gray', defaultMessage: 'Gray' },
  red: { id: 'interactionSettings.colour.red', defaultMessage: 'Red' },
  indigo: { id: 'interactionSettings.colour.indigo', defaultMessage: 'Indigo' },
  shortText: { id: 'interactionSettings.kind.short_text', defaultMessage: 'Short text' },
  longText: { id: 'interactionSettings.kind.long_text', defaultMessage: 'Long text' },
  number: { id: 'interactionSettings.kind.number', defaultMessage: 'Number' },
  singleChoice: { id: 'interactionSettings.kind.single_choice', defaultMessage: 'Single choice' },
  multipleChoice: { id: 'interactionSettings.kind.multiple_choice', defaultMessage: 'Multiple choice' },
  yesNo: { id: 'interactionSettings.kind.yes_no', defaultMessage: 'Yes / no' },
  date: { id: 'interactionSettings.kind.date', defaultMessage: 'Date' },
  rating: { id: 'interactionSettings.kind.rating', defaultMessage: 'Rating' },
  minutes: { id: 'interactionSettings.minutes', defaultMessage: '{m} min' },
  hours: { id: 'interactionSettings.hours', defaultMessage: '{h} h' },
  hoursMinutes: { id: 'interactionSettings.hoursMinutes', defaultMessage: '{h} h {m} min' },
  options: { id: 'interactionSettings.details.options', defaultMessage: '{count, plural, one {# option} other {# options}}: {list}' },
  fromTo: { id: 'interactionSettings.details.fromTo', defaultMessage: 'From {min} to {max}' },
  atLeast: { id: 'interactionSettings.details.atLeast', defaultMessage: 'At least {min}' },
  atMost: { id: 'interactionSettings.details.atMost', defaultMessage: 'At most {max}' },
  anyNumber: { id: 'interactionSettings.details.anyNumber', defaultMessage: 'Any number' },
  scaleLabelled: { id: 'interactionSettings.details.scaleLabelled', defaultMessage: '1 to {scale}: {first} … {last}' },
  scale: { id: 'interactionSettings.details.scale', defaultMessage: '1 to {scale}' },
});

const COLOUR_LABELS: Record<InteractionColour, MessageDescriptor> = {
  blue: m.blue, green: m.green, purple: m.purple, orange: m.orange, teal: m.teal, magenta: m.magenta, brown: m.brown, gray: m.gray, red: m.red, indigo: m.indigo,
};
const KIND_LABELS: Record<keyof typeof FIELD_KINDS, MessageDescriptor> = {
  short_text: m.shortText, long_text: m.longText, number: m.number, single_choice: m.singleChoice, multiple_choice: m.multipleChoice,
  yes_no: m.yesNo, date: m.date, rating: m.rating,
};

export const colourHex = (colour: string): string => INTERACTION_COLOURS[colour as InteractionColour]?.hex ?? INTERACTION_COLOURS.gray.hex;
export const colourLabel = (colour: string): string => (COLOUR_LABELS[colour as InteractionColour] ? t(COLOUR_LABELS[colour as InteractionColour]) : colour);

/** "45 min", "1 h", "1 h 30 min". */
export function minutesText(minutes: number): string {
  const h = String(Math.floor(minutes / 60));
  const rest = minutes % 60;
  if (h === '0') return t(m.minutes, { m: String(rest) });
  return rest === 0 ? t(m.hours, { h }) : t(m.hoursMinutes, { h, m: String(rest) });
}

/** What a field asks for, beyond its kind: "3 options", "0 to 90", "1–4: Beginning … Distinguished". */
export function fieldDetails(field: Pick<InteractionField, 'kind' | 'options' | 'min' | 'max' | 'scale' | 'labels'>): string | null {
  switch (field.kind) {
    case 'single_choice':
    case 'multiple_choice': {
      const options = field.options ?? [];
      return options.length ? t(m.options, { count: options.length, list: options.join(', ') }) : null;
    }
    case 'number':
      if (field.min !== null && field.max !== null) return t(m.fromTo, { min: String(field.min), max: String(field.max) });
      if (field.min !== null) return t(m.atLeast, { min: String(field.min) });
      if (field.max !== null) return t(m.atMost, { max: String(field.max) });
      return t(m.anyNumber);
    case 'rating':
      if (field.scale === null) return null;
      return field.labels?.length
        ? t(m.scaleLabelled, { scale: String(field.scale), first: field.labels[0]!, last: field.labels[field.labels.length - 1]! })
        : t(m.scale, { scale: String(field.scale) });
    default:
      return null;
  }
}

export const kindLabel = (kind: string): string => (KIND_LABELS[kind as keyof typeof FIELD_KINDS] ? t(KIND_LABELS[kind as keyof typeof FIELD_KINDS]) : kind);

/** The list minus archived items, then the archived ones: each part in its own order. */
export function splitArchived<T extends { archived_at: string | null; sort_order: number }>(items: readonly T[]): { active: T[]; archived: T[] } {
  const sorted = [...items].sort((a, b) => a.sort_order - b.sort_order);
  return { active: sorted.filter((i) => !i.archived_at), archived: sorted.filter((i) => i.archived_at) };
}
