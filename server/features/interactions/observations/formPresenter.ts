// An observation form as the contract answers it (common/schemas/observationForms.ts): the current version's
// name, description and items, each item's settings that do not apply to its kind answered as null.
import type { InteractionColour } from '../../../../common/interactionValues';
import type { ObservationFormAnswer, ObservationFormItemAnswer } from '../../../../common/schemas/answers/observations';
import type { ObservationItemKind } from '../../../../common/schemas/observations';
import type { FormRow, ItemRow } from './formQueries';

/** The stored `config` JSON of an item: choice { options, multiple }, rating { scale }. */
export interface ItemConfig {
  options?: string[];
  multiple?: boolean;
  scale?: number;
}

export function parseItemConfig(json: string): ItemConfig {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as ItemConfig) : {};
  } catch {
    return {};
  }
}

export function presentItem(row: ItemRow): ObservationFormItemAnswer {
  const config = parseItemConfig(row.config);
  const kind = row.kind as ObservationItemKind;
  return {
    id: row.id,
    lineage_id: row.lineage_id ?? row.id,
    position: row.position,
    section: row.section,
    label: row.label,
    kind,
    required: row.required === 1,
    options: kind === 'choice' ? [...(config.options ?? [])] : null,
    multiple: kind === 'choice' ? config.multiple === true : null,
    scale: kind === 'rating' ? config.scale ?? null : null,
    skill: row.skill_id !== null && row.skill_name !== null ? { id: row.skill_id, name: row.skill_name } : null,
  };
}

export function presentForm(row: FormRow, items: ItemRow[]): ObservationFormAnswer {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    builtin: row.builtin === 1,
    version: row.version,
    archived_at: row.archived_at,
    updated_at: row.updated_at,
    interaction_type: { id: row.type_id, name: row.type_name, colour: row.type_colour as InteractionColour },
    observation_count: row.observation_count,
    items: items.filter((i) => i.version_id === row.current_version_id).map(presentItem),
  };
}
