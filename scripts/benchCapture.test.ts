import { describe, expect, it } from 'vitest';
import { observationFormSchema } from '../common/schemas/observations';
import { sixtyItems } from './benchCapture';

describe('the 60-item form the capture bench opens (scripts/benchCapture.ts)', () => {
  const items = sixtyItems();
  it('is a form the API takes: 60 items in five sections, labels unique', () => {
    const parsed = observationFormSchema.safeParse({ name: 'Bench', items });
    expect(parsed.success).toBe(true);
    expect(items).toHaveLength(60);
    expect([...new Set(items.map((i) => i.section))]).toEqual(['Learning environment', 'Instruction', 'Student discourse', 'Assessment', 'Closing']);
    expect(new Set(items.map((i) => i.label)).size).toBe(60);
  });
  it('mixes every kind as its report says: 38 look-fors, 10 ratings, 5 choices (2 of several options), 3 numbers, 4 texts', () => {
    const count = (kind: string) => items.filter((i) => i.kind === kind).length;
    expect([count('look_for'), count('rating'), count('choice'), count('number'), count('text')]).toEqual([38, 10, 5, 3, 4]);
    expect(items.filter((i) => i.kind === 'choice' && i.multiple)).toHaveLength(2);
    expect(items[0]).toMatchObject({ kind: 'look_for', required: true });
  });
});
