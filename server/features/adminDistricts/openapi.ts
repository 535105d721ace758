// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import {
  changePlanSchema, districtListQuerySchema, extendTrialSchema, reactivateDistrictSchema, suspendDistrictSchema,
} from '../../../common/schemas/adminDistricts';
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
    'PUT /api/admin/district/{id}/plan': { summary: "Change a district's plan and seats", ...manager, body: changePlanSchema, answerText: district, answerSchema: 'AdminDistrict' },
    'POST /api/admin/district/{id}/suspend': { summary: 'Suspend a district', ...manager, body: suspendDistrictSchema, errors: [409], description: `${manager.description} Its people are signed out.`, answerText: district, answerSchema: 'AdminDistrict' },
    'POST /api/admin/district/{id}/reactivate': { summary: 'Reactivate a district', ...manager, body: reactivateDistrictSchema, errors: [409], answerText: district, answerSchema: 'AdminDistrict' },
  },
};
