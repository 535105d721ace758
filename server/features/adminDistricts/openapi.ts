// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import {
  changePlanSchema, districtListQuerySchema, extendTrialSchema, reactivateDistrictSchema, suspendDistrictSchema,
} from '../../../common/schemas/adminDistricts';
import { DELETION_GRACE_DAYS, districtDeletionActionSchema, purgeDistrictSchema } from '../../../common/schemas/districtDeletion';
import type { ApiArea } from '../../http/apiDoc';

const reader = { who: 'provider', permissions: [P.seeAllDistricts] } as const;
const manager = { ...reader, role: 'provider-admin', description: 'Provider administrators only (the role `provider-admin`: "manage district accounts").' } as const;
const district = "The district's page: plan, seats, status, trial, counts, users, imports.";

export const adminDistrictApi: ApiArea = {
  tag: 'Admin: districts',
  operations: {
    'GET /api/admin/district': { summary: 'Districts', ...reader, query: districtListQuerySchema, answer: 'page', answerSchema: 'AdminDistrictRow',
      answerText: 'One page of districts with counts (`AdminDistrictRow`); `meta.plans` lists the plans (`{ id, key, name }`) for the filter.',
    },
    'GET /api/admin/district/{id}': { summary: 'One district', ...reader, answerText: district, answerSchema: 'AdminDistrict' },
    'POST /api/admin/district/{id}/extend-trial': { summary: "Extend a district's trial", ...reader, body: extendTrialSchema, errors: [409], answerText: district, answerSchema: 'AdminDistrict' },
    'PUT /api/admin/district/{id}/plan': { summary: "Change a district's plan and seats", ...manager, body: changePlanSchema, errors: [409], description: `${manager.description} 409 once the district's purge has started.`, answerText: district, answerSchema: 'AdminDistrict' },
    'POST /api/admin/district/{id}/suspend': { summary: 'Suspend a district', ...manager, body: suspendDistrictSchema, errors: [409], description: `${manager.description} Its people are signed out.`, answerText: district, answerSchema: 'AdminDistrict' },
    'POST /api/admin/district/{id}/schedule-deletion': {
      summary: "Schedule a district's deletion", ...manager, body: districtDeletionActionSchema, errors: [409],
      description: `${manager.description} Provider staff acting as themselves (403 while impersonating). Its people's sessions are deleted and `
        + `sign-in refuses them ("scheduled for deletion on …"); the hourly job purges it ${DELETION_GRACE_DAYS} days later. 409 when already scheduled.`,
      answerText: `${district} \`deletion\` holds the schedule.`, answerSchema: 'AdminDistrict',
    },
    'POST /api/admin/district/{id}/restore-deletion': {
      summary: "Restore a district scheduled for deletion", ...manager, body: districtDeletionActionSchema, errors: [409],
      description: `${manager.description} Within the grace: the schedule is lifted and its people can sign in again (its status never changed). `
        + '409 when not scheduled, or once its purge has started.',
      answerText: district, answerSchema: 'AdminDistrict',
    },
    'POST /api/admin/district/{id}/purge': {
      summary: 'Delete a scheduled district now', ...manager, body: purgeDistrictSchema, errors: [409], status: 202,
      description: `${manager.description} Only a district already scheduled for deletion (409 otherwise, and 409 while its purge is under way); `
        + '`confirm_name` must be its name exactly (422 on `confirm_name` otherwise). Answers 202 at once: the purge runs in the background in '
        + 'small batches (no district of any size holds the server), and from now on the district cannot be restored. It deletes every row of '
        + 'the district in every table, its files and sessions, and its logins (their email addresses become free); a crash in the middle is '
        + 'carried on by the hourly job. At the end the certificate (PDF) is stored (GET /api/admin/district-deletions) and emailed to its '
        + 'administrators and billing contact.',
      answerText: `${district} \`purge\` holds the progress (\`records_deleted\` so far) until the district is gone (then its page answers 404).`,
      answerSchema: 'AdminDistrict',
    },
    'GET /api/admin/district-deletions': {
      summary: 'Deleted districts', ...reader, description: 'Provider staff acting as themselves. Newest first.',
      answer: 'page', answerSchema: 'DistrictDeletionCertificate', answerText: "One page of purged districts' certificates.",
    },
    'GET /api/admin/district-deletion/{id}/certificate': {
      summary: "A purged district's deletion certificate", ...reader, description: 'Provider staff acting as themselves.', answer: 'pdf',
      answerText: 'The certificate of data deletion (PDF).',
    },
    'POST /api/admin/district/{id}/reactivate': { summary: 'Reactivate a district', ...manager, body: reactivateDistrictSchema, errors: [409], answerText: district, answerSchema: 'AdminDistrict' },
  },
};
