// An observation form as GET/POST/PUT /api/observation-form answer it (issue 28), shared by the server's
// presenter and the form editor. The request schemas and the messages are in ./observations.ts.
import type { InteractionColour } from '../interactionValues';
import type { ObservationItemKind } from './observations';

export interface ObservationFormItem {
  id: number;
  /** The id of this item in the version that first had it: the same question across versions. */
  lineage_id: number;
  position: number;
  section: string | null;
  label: string;
  kind: ObservationItemKind;
  required: boolean;
  /** A choice item's options (else null). */
  options: string[] | null;
  /** Whether a choice item takes several options (else null). */
  multiple: boolean | null;
  /** A rating item's top level (else null). */
  scale: number | null;
  skill: { id: number; name: string } | null;
}

export interface ObservationForm {
  id: number;
  name: string;
  description: string | null;
  /** The built-in walkthrough: the one form a plan without observation forms keeps. */
  builtin: boolean;
  /** The current version's number (1 for a new form; editing a form with observations adds one). */
  version: number;
  archived_at: string | null;
  updated_at: string;
  interaction_type: { id: number; name: string; colour: InteractionColour };
  /** Completed observations made with any version of the form (drafts and deleted ones are not counted). */
  observation_count: number;
  items: ObservationFormItem[];
}

/** The editor's messages beyond OBSERVATION_MESSAGES. */
export const FORM_MESSAGES = {
  itemTwice: 'This item appears twice on the form.',
  typeNeeded: 'Choose an interaction type: your district has no active "Classroom observation" type.',
} as const;
