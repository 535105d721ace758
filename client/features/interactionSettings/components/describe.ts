// Plain-language descriptions of types and fields for the Interaction settings lists (pure functions).
import { FIELD_KINDS, INTERACTION_COLOURS, type InteractionColour, type InteractionField } from '../../../../common/schemas/interactionTypes';

export const colourHex = (colour: string): string => INTERACTION_COLOURS[colour as InteractionColour]?.hex ?? INTERACTION_COLOURS.gray.hex;
export const colourLabel = (colour: string): string => INTERACTION_COLOURS[colour as InteractionColour]?.label ?? colour;

/** "45 min", "1 h", "1 h 30 min". */
export function minutesText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** What a field asks for, beyond its kind: "3 options", "0 to 90", "1–4: Beginning … Distinguished". */
export function fieldDetails(field: Pick<InteractionField, 'kind' | 'options' | 'min' | 'max' | 'scale' | 'labels'>): string | null {
  switch (field.kind) {
    case 'single_choice':
    case 'multiple_choice': {
      const options = field.options ?? [];
      return options.length ? `${options.length} options: ${options.join(', ')}` : null;
    }
    case 'number':
      if (field.min !== null && field.max !== null) return `From ${field.min} to ${field.max}`;
      if (field.min !== null) return `At least ${field.min}`;
      if (field.max !== null) return `At most ${field.max}`;
      return 'Any number';
    case 'rating':
      if (field.scale === null) return null;
      return field.labels?.length ? `1 to ${field.scale}: ${field.labels[0]} … ${field.labels[field.labels.length - 1]}` : `1 to ${field.scale}`;
    default:
      return null;
  }
}

export const kindLabel = (kind: string): string => FIELD_KINDS[kind as keyof typeof FIELD_KINDS] ?? kind;

/** The list minus archived items, then the archived ones: each part in its own order. */
export function splitArchived<T extends { archived_at: string | null; sort_order: number }>(items: readonly T[]): { active: T[]; archived: T[] } {
  const sorted = [...items].sort((a, b) => a.sort_order - b.sort_order);
  return { active: sorted.filter((i) => !i.archived_at), archived: sorted.filter((i) => i.archived_at) };
}
