// The words of the outbox (issue 31) shared by its button, badges, queued rows and panel, as messages (issue 33).
import type { OutboxKind } from '../../lib/outboxRules';
import { defineMessages, type MessageDescriptor, t } from '../../lib/i18n';

export const outboxMessages = defineMessages({
  waiting: { id: 'outbox.waiting', defaultMessage: 'Waiting to sync' },
  conflictTitle: { id: 'outbox.conflictTitle', defaultMessage: 'This record changed since you started editing it.' },
});

const KINDS: Record<OutboxKind, MessageDescriptor> = defineMessages({
  'interaction.create': { id: 'outbox.kind.interactionCreate', defaultMessage: 'New interaction' },
  'interaction.update': { id: 'outbox.kind.interactionUpdate', defaultMessage: 'Interaction changes' },
  'interaction.complete': { id: 'outbox.kind.interactionComplete', defaultMessage: 'Marked completed' },
  'observation.create': { id: 'outbox.kind.observationCreate', defaultMessage: 'New observation' },
  'observation.update': { id: 'outbox.kind.observationUpdate', defaultMessage: 'Observation changes' },
  'actionStep.create': { id: 'outbox.kind.actionStepCreate', defaultMessage: 'New action step' },
});

/** What a queued write is, in words ("New interaction"). */
export const kindLabel = (kind: OutboxKind): string => t(KINDS[kind]);
