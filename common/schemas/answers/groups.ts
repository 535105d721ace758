// The staff group answer (spec §7): what presentGroup returns (server/features/groups/presenter.ts).
import * as z from 'zod/mini';
import type { Group } from '../groups';
import { id, instant, ref, type SameShape } from './shapes';

export const groupItemAnswer = z.strictObject({
  item_id: id,
  start_date: instant,
  end_date: z.nullable(instant),
  staff: z.nullable(ref),
});

export const groupAnswer = z.strictObject({
  id,
  name: z.string(),
  description: z.nullable(z.string()),
  group_of: z.string(),
  deleted_at: z.nullable(instant),
  created_at: instant,
  updated_at: instant,
  items: z.array(groupItemAnswer),
});
export type GroupAnswer = z.infer<typeof groupAnswer>;
export const groupAnswerMatches: SameShape<GroupAnswer, Group> = true;
