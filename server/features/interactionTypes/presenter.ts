// Interaction types and custom fields as the contract answers them (common/schemas/interactionTypes.ts):
// every field listed, settings that do not apply to a field's kind answered as null.
import type { InteractionFieldAnswer, InteractionTypeAnswer } from '../../../common/schemas/answers/interactionTypes';
import type { FieldKind, InteractionColour } from '../../../common/schemas/interactionTypes';
import type { FieldRow, TypeRow } from './queries';

/** The stored `config` JSON of a field. */
export interface FieldConfig {
  options?: string[];
  min?: number | null;
  max?: number | null;
  scale?: number | null;
  labels?: string[];
}

export function parseConfig(json: string): FieldConfig {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as FieldConfig) : {};
  } catch {
    return {};
  }
}

const isChoice = (kind: string) => kind === 'single_choice' || kind === 'multiple_choice';

export function presentField(row: FieldRow): InteractionFieldAnswer {
  const config = parseConfig(row.config);
  const kind = row.kind as FieldKind;
  return {
    id: row.id,
    interaction_type_id: row.interaction_type_id,
    label: row.label,
    help_text: row.help_text,
    kind,
    required: row.required === 1,
    options: isChoice(kind) ? [...(config.options ?? [])] : null,
    min: kind === 'number' ? config.min ?? null : null,
    max: kind === 'number' ? config.max ?? null : null,
    scale: kind === 'rating' ? config.scale ?? null : null,
    labels: kind === 'rating' && config.labels?.length ? [...config.labels] : null,
    sort_order: row.sort_order,
    archived_at: row.archived_at,
  };
}

export function presentType(row: TypeRow, fields: FieldRow[]): InteractionTypeAnswer {
  return {
    id: row.id,
    name: row.name,
    colour: row.colour as InteractionColour,
    default_minutes: row.default_minutes,
    counts_as_coaching: row.counts_as_coaching === 1,
    sort_order: row.sort_order,
    archived_at: row.archived_at,
    fields: fields.filter((f) => f.interaction_type_id === row.id).map(presentField),
  };
}
