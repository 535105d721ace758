// Custom field values of an interaction, checked against its type's fields by kind and required-ness.
// Values travel as JSON (see interactionPayloadSchema): string (short/long text, single choice, date),
// number (number, rating), boolean (yes/no), string[] (multiple choice).
import { type FieldKind, LONG_TEXT_MAX, SHORT_TEXT_MAX } from '../../../common/schemas/interactionTypes';
import { INTERACTION_MESSAGES, type InteractionStatus } from '../../../common/schemas/interactions';
import { isIsoDate } from '../../../common/schemas/query';
import type { FieldErrors } from '../../http/errors';

export interface FieldDef {
  id: number;
  label: string;
  kind: string;
  config: string;
  required: number;
  archived_at: string | null;
}

interface FieldConfig { options?: unknown; min?: unknown; max?: unknown; scale?: unknown }

function configOf(field: FieldDef): FieldConfig {
  try {
    const parsed = JSON.parse(field.config) as unknown;
    return parsed && typeof parsed === 'object' ? parsed as FieldConfig : {};
  } catch {
    return {};
  }
}

const optionsOf = (c: FieldConfig) => (Array.isArray(c.options) ? c.options.filter((o): o is string => typeof o === 'string') : []);
const numberOf = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

type Checked = { ok: true; value: unknown } | { ok: false; message: string };
const EMPTY = { ok: true as const, value: null };

/** One value: the stored form (null = no value) or the message naming the field. */
function checkValue(field: FieldDef, raw: unknown): Checked {
  const label = field.label;
  if (raw === null || raw === undefined) return EMPTY;
  const config = configOf(field);
  switch (field.kind as FieldKind) {
    case 'short_text':
    case 'long_text': {
      if (typeof raw !== 'string') return { ok: false, message: `${label} must be text.` };
      const max = field.kind === 'short_text' ? SHORT_TEXT_MAX : LONG_TEXT_MAX;
      const value = raw.trim();
      if (value === '') return EMPTY;
      if (value.length > max) return { ok: false, message: `${label} must be at most ${max} characters.` };
      return { ok: true, value };
    }
    case 'number': {
      if (typeof raw !== 'number' || !Number.isFinite(raw)) return { ok: false, message: `${label} must be a number.` };
      const min = numberOf(config.min);
      const max = numberOf(config.max);
      if (min !== null && raw < min) return { ok: false, message: `${label} must be at least ${min}.` };
      if (max !== null && raw > max) return { ok: false, message: `${label} must be at most ${max}.` };
      return { ok: true, value: raw };
    }
    case 'single_choice': {
      if (raw === '') return EMPTY;
      if (typeof raw !== 'string' || !optionsOf(config).includes(raw)) return { ok: false, message: `Choose one of the options of ${label}.` };
      return { ok: true, value: raw };
    }
    case 'multiple_choice': {
      const options = optionsOf(config);
      if (!Array.isArray(raw) || raw.some((o) => typeof o !== 'string' || !options.includes(o))) {
        return { ok: false, message: `Choose options of ${label} from its list.` };
      }
      const picked = options.filter((o) => raw.includes(o));
      return picked.length ? { ok: true, value: picked } : EMPTY;
    }
    case 'yes_no':
      if (typeof raw !== 'boolean') return { ok: false, message: `${label} must be yes or no.` };
      return { ok: true, value: raw };
    case 'date':
      if (raw === '') return EMPTY;
      if (typeof raw !== 'string' || !isIsoDate(raw)) return { ok: false, message: `${label} must be a date (YYYY-MM-DD).` };
      return { ok: true, value: raw };
    case 'rating': {
      const scale = numberOf(config.scale) ?? 5;
      if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1 || raw > scale) {
        return { ok: false, message: `${label} must be a whole number from 1 to ${scale}.` };
      }
      return { ok: true, value: raw };
    }
    default:
      return { ok: false, message: `${label} cannot be recorded.` };
  }
}

/**
 * The values to store (field id → JSON text) or the errors, keyed `field_values.<id>`. A key naming a
 * field of another type (or no field) is fieldNotOfType. Required non-archived fields must have a value
 * when the interaction is saved as completed (a scheduled, cancelled or no-show one may leave them
 * empty). Archived fields are never required and keep their stored value unless the body sends one.
 */
export function checkFieldValues(
  fields: FieldDef[], input: Record<string, unknown>, status: InteractionStatus, kept: Map<number, string>,
): { values: Map<number, string>; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const values = new Map<number, string>();
  const byId = new Map(fields.map((f) => [f.id, f]));
  for (const [key, raw] of Object.entries(input)) {
    const field = byId.get(Number(key));
    if (!field) {
      errors[`field_values.${key}`] = [INTERACTION_MESSAGES.fieldNotOfType];
      continue;
    }
    const checked = checkValue(field, raw);
    if (!checked.ok) errors[`field_values.${field.id}`] = [checked.message];
    else if (checked.value !== null) values.set(field.id, JSON.stringify(checked.value));
  }
  for (const field of fields) {
    if (field.archived_at !== null && !(String(field.id) in input) && kept.has(field.id)) values.set(field.id, kept.get(field.id)!);
    if (field.archived_at === null && field.required && status === 'completed' && !values.has(field.id) && !errors[`field_values.${field.id}`]) {
      errors[`field_values.${field.id}`] = [INTERACTION_MESSAGES.fieldRequired(field.label)];
    }
  }
  return { values, errors };
}
