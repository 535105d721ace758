// The setup checklist answer (GET /api/setup-checklist and its writes): server/features/setup/presenter.ts.
import * as z from 'zod/mini';
import { type SetupChecklist, SETUP_ITEMS } from '../setup';
import { type SameShape } from './shapes';

export const setupChecklistAnswer = z.strictObject({
  /** The items of the district's plan, in the order a new district does them. */
  items: z.array(z.strictObject({
    key: z.enum(SETUP_ITEMS),
    label: z.string(),
    description: z.string(),
    /** The screen where it is done. */
    href: z.string(),
    done: z.boolean(),
    /** Ticked off by confirming a review (POST /api/setup-checklist/{item}/review). */
    review: z.boolean(),
  })),
  done_count: z.number(),
  total: z.number(),
  /** Every item is done. */
  complete: z.boolean(),
  /** An administrator dismissed it for the district. */
  dismissed: z.boolean(),
});
export type SetupChecklistAnswer = z.infer<typeof setupChecklistAnswer>;
export const setupChecklistAnswerMatches: SameShape<SetupChecklistAnswer, SetupChecklist> = true;
