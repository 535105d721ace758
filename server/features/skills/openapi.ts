// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import {
  domainPayloadSchema, levelPayloadSchema, orderPayloadSchema, ratingPayloadSchema, selfAssessmentPayloadSchema, skillMapQuerySchema, skillPayloadSchema,
} from '../../../common/schemas/skills';
import type { ApiArea } from '../../http/apiDoc';

const framework = 'The whole framework: levels, domains and their skills.';
const editor = { who: 'district', permissions: [P.manageSettings], feature: 'skill-mapping', answerText: framework, answerSchema: 'SkillFramework' } as const;
const mapper = { who: 'district', permissions: [P.seeSkillMapping], feature: 'skill-mapping' } as const;

export const skillApi: ApiArea = {
  tag: 'Skill mapping',
  description: "The district's skill framework, educators' ratings and the heat map.",
  operations: {
    'GET /api/skill-framework': {
      summary: 'The skill framework', who: 'district', anyPermission: [P.seeSkillMapping, P.manageSettings], feature: 'skill-mapping', answerText: framework, answerSchema: 'SkillFramework',
      description: 'Educators also read it (`see educators.self`), for their own profile.',
    },
    'POST /api/skill-domain': { summary: 'Add a domain', ...editor, body: domainPayloadSchema, status: 201, errors: [409] },
    'PUT /api/skill-domain-order': { summary: 'Order the domains', ...editor, body: orderPayloadSchema },
    'PUT /api/skill-domain/{id}': { summary: 'Change a domain', ...editor, body: domainPayloadSchema, errors: [409] },
    'PUT /api/skill-domain/{id}/skill-order': { summary: "Order a domain's skills", ...editor, body: orderPayloadSchema },
    'POST /api/skill-domain/{id}/archive': { summary: 'Archive a domain', ...editor, errors: [409] },
    'POST /api/skill-domain/{id}/restore': { summary: 'Restore a domain', ...editor, errors: [409] },
    'POST /api/skill': { summary: 'Add a skill', ...editor, body: skillPayloadSchema, status: 201, errors: [409] },
    'PUT /api/skill/{id}': { summary: 'Change a skill', ...editor, body: skillPayloadSchema, errors: [409] },
    'POST /api/skill/{id}/archive': { summary: 'Archive a skill', ...editor, errors: [409] },
    'POST /api/skill/{id}/restore': { summary: 'Restore a skill', ...editor, errors: [409] },
    'PUT /api/skill-level/{level}': { summary: 'Rename a level', ...editor, body: levelPayloadSchema, params: { level: 'The level, 1 to 4.' } },
    'GET /api/staff/{id}/skill-rating': {
      summary: "An educator's skill ratings", ...mapper, description: 'With `see skill mapping` (its scope), or one\'s own through `see educators.self`. `self` is the educator\'s own latest self-assessed level per skill, beside (never part of) `current`.',
      answerText: 'Current levels per skill, every rating kept and the latest self-assessment.', answerSchema: 'EducatorSkills',
    },
    'POST /api/staff/{id}/self-assessment': {
      summary: 'Rate oneself', who: 'district', feature: 'skill-mapping', body: selfAssessmentPayloadSchema, status: 201, errors: [404, 429],
      description: "The educator themself only (the educator record linked to the login), as often as they like: every self rating is kept, dated on the district's day. Levels of the framework's scale, active skills only; errors name `ratings.N.skill_id` and `ratings.N.level`. Self ratings never change the current levels, the heat map's coach layer, the reports or the rated counts. Someone who sees the educator otherwise (a coach, a principal) gets 403 (they rate through `POST /api/staff/{id}/skill-rating`), anyone else 404; refused (403) while impersonating. At most 30 an hour per educator (429).",
      answerText: "The educator's ratings, with `self` updated.", answerSchema: 'EducatorSkills',
    },
    'POST /api/staff/{id}/skill-rating': { summary: 'Rate an educator', ...mapper, body: ratingPayloadSchema, status: 201, description: 'Several skills at once.', answerText: "The educator's ratings.", answerSchema: 'EducatorSkills' },
    'GET /api/skill-map': {
      summary: 'The heat map', ...mapper, query: skillMapQuerySchema, answer: 'page', answerText: 'One page of educators with their level per skill.', answerSchema: 'SkillMapRow',
      description: '`layer=self` shows each educator\'s latest self-assessed level instead of the current (coach) level; cells then name no rater.',
    },
    'GET /api/skill-map/summary': { summary: "The heat map's summary", ...mapper, query: skillMapQuerySchema, answerText: 'Counts per skill and level.', answerSchema: 'SkillMapSummary' },
    'GET /api/skill-map.csv': { summary: 'The heat map as CSV', ...mapper, query: skillMapQuerySchema, answer: 'csv' },
  },
};
