// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
// One router mounted twice (routes.ts): a district's types, and the provider's defaults under /api/admin/….
import { PERMISSIONS as P } from '../../../common/permissions';
import { interactionFieldSchema, interactionTypeListQuerySchema, interactionTypeSchema, moveSchema } from '../../../common/schemas/interactionTypes';
import type { ApiArea, ApiOperation, OperationKey, Who } from '../../http/apiDoc';

const type = 'The interaction type with its custom fields.';
const field = 'The custom field.';

interface Access { who: Who; permissions?: readonly string[]; feature?: ApiOperation['feature'] }

function operations(base: '' | '/admin', whose: string, reader: Access, typeEditor: Access, fieldEditor: Access): Partial<Record<OperationKey, ApiOperation>> {
  const types = `/api${base}/interaction-type` as const;
  const fields = `/api${base}/interaction-field` as const;
  const list: [OperationKey, ApiOperation][] = [
    [`GET ${types}`, { summary: `${whose} interaction types`, ...reader, query: interactionTypeListQuerySchema, answer: 'data', answerSchema: 'InteractionType' }],
    [`GET ${types}/{id}`, { summary: `One of ${whose.toLowerCase()} interaction types`, ...reader, answerSchema: 'InteractionType', answerText: type }],
    [`POST ${types}`, { summary: 'Add an interaction type', ...typeEditor, body: interactionTypeSchema, status: 201, errors: [409], answerSchema: 'InteractionType', answerText: type }],
    [`PUT ${types}/{id}`, { summary: 'Change an interaction type', ...typeEditor, body: interactionTypeSchema, errors: [409], answerSchema: 'InteractionType', answerText: type }],
    [`POST ${types}/{id}/archive`, { summary: 'Archive an interaction type', ...typeEditor, errors: [409], answerSchema: 'InteractionType', answerText: type }],
    [`POST ${types}/{id}/restore`, { summary: 'Restore an interaction type', ...typeEditor, errors: [409], answerSchema: 'InteractionType', answerText: type }],
    [`POST ${types}/{id}/move`, { summary: 'Move an interaction type up or down', ...typeEditor, body: moveSchema, answerSchema: 'InteractionType', answerText: type }],
    [`POST ${types}/{id}/field`, { summary: 'Add a custom field to a type', ...fieldEditor, body: interactionFieldSchema, status: 201, errors: [409], answerSchema: 'InteractionField', answerText: field }],
    [`PUT ${fields}/{id}`, { summary: 'Change a custom field', ...fieldEditor, body: interactionFieldSchema, errors: [409], answerSchema: 'InteractionField', answerText: field }],
    [`POST ${fields}/{id}/archive`, { summary: 'Archive a custom field', ...fieldEditor, errors: [409], answerSchema: 'InteractionField', answerText: field }],
    [`POST ${fields}/{id}/restore`, { summary: 'Restore a custom field', ...fieldEditor, errors: [409], answerSchema: 'InteractionField', answerText: field }],
    [`POST ${fields}/{id}/move`, { summary: 'Move a custom field up or down', ...fieldEditor, body: moveSchema, answerSchema: 'InteractionField', answerText: field }],
  ];
  return Object.fromEntries(list);
}

const districtEditor: Access = { who: 'district', permissions: [P.manageSettings] };
const adminEditor: Access = { who: 'provider', permissions: [P.seeAdmin, P.manageArticles] };

export const interactionTypeApi: ApiArea = {
  tag: 'Interaction settings',
  description: "A district's interaction types and custom fields, and the provider's defaults (`/api/admin/…`) that new districts start from.",
  operations: {
    ...operations('', "The district's", { who: 'district' }, districtEditor, { ...districtEditor, feature: 'custom-fields' }),
    ...operations('/admin', 'The default', { who: 'provider', permissions: [P.seeAdmin] }, adminEditor, adminEditor),
  },
};
