// The OpenAPI 3.1 document of the API, built from each feature's `openapi.ts` (server/http/apiDoc.ts says
// what one holds) and the zod request schemas of common/schemas/, which zod turns into JSON Schema itself
// (`z.toJSONSchema`, the input side: what a caller sends). The error answers, the session and CSRF
// schemes and the paging envelope are described once here. Served at GET /api/openapi.json and browsable
// at /api/docs (server/openapi/routes.ts); server/openapi/openapi.test.ts checks it against the app's routes.
import * as z from 'zod/mini';
import { PLAN_FEATURES } from '../../common/permissions';
import { ANSWER_SCHEMAS, type AnswerName } from '../../common/schemas/answers';
import { TRIAL_ENDED_MESSAGE } from '../../common/schemas/billing';
import { writableAfterTrial } from '../access/trial';
import { MAX_PAGE, MAX_PER_PAGE } from '../http/pagination';
import { CSV_CONTENT_TYPE } from '../lib/csv';
import type { AnswerKind, ApiArea, ApiOperation, HttpMethod, OperationKey, RequestSchema } from '../http/apiDoc';
import { accountApi } from '../features/account/openapi';
import { accountMigrationApi } from '../features/accountMigrations/openapi';
import { adminBillingApi } from '../features/adminBilling/openapi';
import { adminDistrictApi } from '../features/adminDistricts/openapi';
import { adminOpsApi } from '../features/adminOps/openapi';
import { adminUserApi } from '../features/adminUsers/openapi';
import { alertApi } from '../features/alerts/openapi';
import { articleApi } from '../features/articles/openapi';
import { authApi } from '../features/auth/openapi';
import { billingApi } from '../features/billing/openapi';
import { buildingApi } from '../features/buildings/openapi';
import { retentionApi } from '../features/retention/openapi';
import { ownExportApi } from '../features/ownExport/openapi';
import { calendarApi } from '../features/calendar/openapi';
import { clientErrorApi } from '../features/clientErrors/openapi';
import { coachApi } from '../features/coaches/openapi';
import { cycleApi } from '../features/cycles/openapi';
import { groupApi } from '../features/groups/openapi';
import { healthApi } from '../features/health/openapi';
import { importApi } from '../features/imports/openapi';
import { interactionTypeApi } from '../features/interactionTypes/openapi';
import { interactionApi } from '../features/interactions/openapi';
import { observationFormApi } from '../features/interactions/observations/formOpenapi';
import { observationApi } from '../features/interactions/observations/openapi';
import { calibrationApi } from '../features/interactions/observations/calibrationOpenapi';
import { actionStepApi } from '../features/actionSteps/openapi';
import { planApi } from '../features/plans/openapi';
import { readLogApi } from '../features/readLog/openapi';
import { reportApi } from '../features/reports/openapi';
import { setupApi } from '../features/setup/openapi';
import { districtExportApi } from '../features/districtExport/openapi';
import { skillApi } from '../features/skills/openapi';
import { ssoConnectionApi } from '../features/sso/connectionsOpenapi';
import { ssoSignInApi } from '../features/sso/signInOpenapi';
import { educatorHomeApi } from '../features/educatorHome/openapi';
import { staffApi } from '../features/staff/openapi';
import { staffRequestApi } from '../features/staffRequests/openapi';
import { supportApi } from '../features/support/openapi';
import { coachingRequestApi } from '../features/coachingRequests/openapi';
import { trialApi } from '../features/trial/openapi';
import { userApi } from '../features/users/openapi';
import { referenceApi } from './reference';

/** Every area of the reference, in the order the viewer lists them. A new feature adds one line here. */
export const API_AREAS: readonly ApiArea[] = [
  authApi, accountApi, accountMigrationApi, planApi, buildingApi, retentionApi, ownExportApi, staffApi, coachApi, groupApi, userApi,
  staffRequestApi, interactionTypeApi, interactionApi, observationFormApi, observationApi, calibrationApi, calendarApi, importApi, cycleApi, actionStepApi, skillApi, educatorHomeApi, reportApi,
  setupApi, districtExportApi, trialApi, billingApi, articleApi, supportApi, coachingRequestApi, alertApi, adminDistrictApi, adminBillingApi,
  adminUserApi, adminOpsApi, clientErrorApi, healthApi, readLogApi, ssoConnectionApi, ssoSignInApi, referenceApi,
];

/** The session cookie's name (server/app.ts SESSION_COOKIE; the test checks they agree). */
export const DOCUMENTED_SESSION_COOKIE = 'coachwell_session';

type Json = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: Json;
  tags: Json[];
  paths: Record<string, Record<string, Json>>;
  components: Json;
}

const ERROR_ANSWERS: Record<number, { name: string; description: string; code: string; message: string }> = {
  400: { name: 'BadRequest', description: 'The request could not be read (for example a body that is not JSON).', code: 'bad_request', message: 'The request could not be read.' },
  401: { name: 'Unauthenticated', description: 'Not signed in, or the session ended.', code: 'unauthenticated', message: 'You need to sign in to continue.' },
  402: { name: 'TrialEnded', description: "The district's trial has ended: it is read-only until it buys a plan (every write but sign-in, one's own account, billing and quotes, support).", code: 'trial_ended', message: TRIAL_ENDED_MESSAGE },
  403: { name: 'Forbidden', description: 'Signed in, but the role, the permission, the plan or impersonation does not allow it; the message says which.', code: 'forbidden', message: 'You do not have permission to do that.' },
  404: { name: 'NotFound', description: "No such record, or it is another district's (never 403: ids do not reveal other districts).", code: 'not_found', message: 'We could not find that.' },
  409: { name: 'Conflict', description: 'The record is not in a state that allows it; the message says why. An edit sent with the `base_updated_at` of a version that is no longer the stored one answers code `edit_conflict` (and changes nothing).', code: 'conflict', message: 'This group is already deactivated.' },
  410: { name: 'Gone', description: 'The file existed but is no longer kept (a district export past its 7 days).', code: 'gone', message: 'This export has expired. Start a new one.' },
  413: { name: 'PayloadTooLarge', description: 'The body is larger than the call accepts.', code: 'payload_too_large', message: 'The request is too large.' },
  419: { name: 'CsrfMismatch', description: 'The `X-XSRF-TOKEN` header (the `XSRF-TOKEN` cookie echoed) or `X-Requested-With` is missing or stale.', code: 'csrf_token_mismatch', message: 'Your session has expired. Please refresh the page and sign in again.' },
  422: { name: 'ValidationFailed', description: '`errors` maps each bad field (dotted path) to its messages; `message` is the first.', code: 'validation_failed', message: 'Name is required.' },
  429: { name: 'RateLimited', description: 'Too many attempts; `Retry-After` says how many seconds to wait.', code: 'rate_limited', message: 'Too many attempts. Please wait a minute and try again.' },
  502: { name: 'ProviderUnreachable', description: "The district's sign-in provider did not answer its discovery document (single sign-on); the message says what to do.", code: 'provider_unreachable', message: "We could not reach your school account's provider. Try again in a few minutes; if it keeps failing, ask your district administrator to test the connection." },
  503: { name: 'Unavailable', description: 'The database is not answering (health) or is momentarily busy; retry after `Retry-After` seconds.', code: 'busy', message: 'Coachwell is busy right now. Please try again in a moment.' },
};

const WHO_TEXT: Record<ApiOperation['who'], string> = {
  anyone: 'anyone, no session needed',
  guest: 'people not signed in',
  'signed in': 'any signed-in person',
  district: 'district users (provider staff only while impersonating one)',
  provider: 'Coachwell staff (the admin area)',
};

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), without `$schema`: the input side for what
 * a caller sends, the output side for an answer.
 */
export function jsonSchemaOf(schema: RequestSchema, io: 'input' | 'output' = 'input'): Json {
  const converted = z.toJSONSchema(schema as unknown as z.ZodMiniType, { io, unrepresentable: 'any' }) as Json;
  delete converted.$schema;
  return converted;
}

function queryParameters(schemas: RequestSchema | readonly RequestSchema[]): Json[] {
  const list = (Array.isArray(schemas) ? schemas : [schemas]) as RequestSchema[];
  const byName = new Map<string, Json>();
  for (const schema of list) {
    const json = jsonSchemaOf(schema);
    const properties = json.properties as Record<string, Json> | undefined;
    if (json.type !== 'object' || !properties) throw new Error(`A query schema must be an object; got ${JSON.stringify(json).slice(0, 200)}`);
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries(properties)) {
      if (byName.has(name)) continue;
      const isObject = property.type === 'object' || (property.anyOf as Json[] | undefined)?.some((s) => s.type === 'object');
      byName.set(name, {
        name,
        in: 'query',
        // With several schemas (one per value of a path parameter) a field is required only where all agree.
        required: list.length === 1 && required.has(name),
        schema: property,
        // Filters travel in brackets (`filter[status]=active`, `filter[building_id][]=3`), parsed by qs.
        ...(isObject ? { style: 'deepObject', explode: true } : {}),
      });
    }
  }
  return [...byName.values()];
}

function pathParameter(name: string, given: string | { text: string; type: 'string' } | undefined): Json {
  const description = typeof given === 'string' ? given : given?.text;
  const numeric = /(^id|Id)$/.test(name) && typeof given !== 'object';
  return {
    name,
    in: 'path',
    required: true,
    ...(description ? { description } : {}),
    schema: numeric ? { type: 'integer', minimum: 1 } : { type: 'string' },
  };
}

const PAGE_META = {
  type: 'object',
  required: ['page', 'per_page', 'total', 'last_page'],
  properties: { page: { type: 'integer' }, per_page: { type: 'integer' }, total: { type: 'integer' }, last_page: { type: 'integer' } },
};

function successAnswer(kind: AnswerKind, text: string | undefined, schema: AnswerName | undefined): Json {
  const described = (fallback: string) => text ?? (schema ? `${fallback} (\`${schema}\`)` : fallback);
  const item = schema ? { $ref: `#/components/schemas/${schema}` } : undefined;
  if (schema && kind !== 'json' && kind !== 'page' && kind !== 'data') throw new Error(`answerSchema ${schema} on a ${kind} answer`);
  switch (kind) {
    case 'json': return { description: described('The answer.'), content: { 'application/json': { schema: item ?? { type: 'object' } } } };
    case 'page': return {
      description: described('One page of the list.'),
      content: { 'application/json': { schema: item ? { type: 'object', required: ['data', 'meta'], properties: { data: { type: 'array', items: item }, meta: PAGE_META } } : { $ref: '#/components/schemas/Page' } } },
    };
    case 'data': return {
      description: described('The list.'),
      content: { 'application/json': { schema: item ? { type: 'object', required: ['data'], properties: { data: { type: 'array', items: item } } } : { $ref: '#/components/schemas/DataList' } } },
    };
    case 'csv': return { description: described('A CSV file (UTF-8, a header row).'), content: { [CSV_CONTENT_TYPE.split(';')[0]!]: { schema: { type: 'string' } } } };
    case 'pdf': return { description: described('A PDF file.'), content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } } };
    case 'ics': return { description: described('An iCalendar file.'), content: { 'text/calendar': { schema: { type: 'string' } } } };
    case 'html': return { description: described('An HTML page.'), content: { 'text/html': { schema: { type: 'string' } } } };
    case 'zip': return { description: described('A zip file.'), content: { 'application/zip': { schema: { type: 'string', contentMediaType: 'application/zip' } } } };
    case 'none': return { description: described('No content.') };
  }
}

/** The error statuses a call can answer: derived from who may call it, its path and body, plus its own. */
export function errorStatuses(method: HttpMethod, path: string, op: ApiOperation): number[] {
  const statuses = new Set<number>(op.errors ?? []);
  const writes = method !== 'GET';
  if (op.who !== 'anyone' && op.who !== 'guest') statuses.add(401);
  if (op.who === 'district' || op.who === 'provider' || op.permissions?.length || op.anyPermission?.length || op.role || op.feature) statuses.add(403);
  if (writes && op.who === 'district' && !writableAfterTrial(path.replace(/^\/api/, '').replace(/\{\w+\}/g, 'x'))) statuses.add(402);
  if (path.includes('{')) statuses.add(404);
  if (writes && op.csrf !== false) statuses.add(419);
  if (op.query || op.body || op.answer === 'page') statuses.add(422);
  return [...statuses].sort((a, b) => a - b);
}

function operationId(method: HttpMethod, path: string): string {
  const words = path.replace(/^\/api\//, '').split(/[/.-]/).filter(Boolean)
    .map((w) => (w.startsWith('{') ? `By${w.slice(1, 2).toUpperCase()}${w.slice(2, -1)}` : w[0]!.toUpperCase() + w.slice(1)));
  return method.toLowerCase() + words.join('');
}

function describeOperation(method: HttpMethod, path: string, op: ApiOperation, tag: string): Json {
  const who = [`**Who:** ${WHO_TEXT[op.who]}`];
  if (op.permissions?.length) who.push(`with ${op.permissions.map((p) => `\`${p}\``).join(' and ')}`);
  if (op.anyPermission?.length) who.push(`${op.permissions?.length ? 'and' : 'with'} any one of ${op.anyPermission.map((p) => `\`${p}\``).join(', ')}`);
  if (op.role) who.push(`holding the \`${op.role}\` role`);
  const lines = [who.join(' ') + '.'];
  if (op.feature) lines.push(`**Plan:** ${PLAN_FEATURES[op.feature]} (\`${op.feature}\`).`);
  if (op.description) lines.push(op.description);

  const parameters = [...path.matchAll(/\{(\w+)\}/g)].map((m) => pathParameter(m[1]!, op.params?.[m[1]!]));
  if (op.query) parameters.push(...queryParameters(op.query));
  if (op.answer === 'page') {
    // http/pagination.ts parsePage: validated beside the list's own query schema (a 422 naming the field).
    for (const [name, description] of [['page', 'The page, from 1.'], ['per_page', `Rows per page (most lists: up to ${MAX_PER_PAGE}).`]] as const) {
      if (!parameters.some((p) => p.name === name)) {
        parameters.push({ name, in: 'query', required: false, description, schema: { type: 'integer', minimum: 1, ...(name === 'page' ? { maximum: MAX_PAGE } : {}) } });
      }
    }
  }

  const status = op.status ?? (op.answer === 'none' ? 204 : 200);
  const responses: Record<string, Json> = { [String(status)]: successAnswer(op.answer ?? (status === 204 ? 'none' : 'json'), op.answerText, op.answerSchema) };
  if (op.repeatAnswerText) responses['200'] = successAnswer(op.answer ?? 'json', op.repeatAnswerText, op.answerSchema);
  if (op.answerSchemaBy) {
    // One schema per value of a path parameter: a JSON answer that is one of them.
    if (op.answerSchema || (op.answer ?? 'json') !== 'json') throw new Error('answerSchemaBy is for a json answer without answerSchema');
    const byValue = Object.entries(op.answerSchemaBy.schemas);
    const refs: Json[] = byValue.map(([, name]) => ({ $ref: `#/components/schemas/${name}` }));
    responses[String(status)] = {
      description: `${op.answerText ?? 'The answer.'} By \`${op.answerSchemaBy.param}\`: ${byValue.map(([value, name]) => `\`${value}\` → \`${name}\``).join(', ')}.`,
      content: { 'application/json': { schema: { oneOf: refs } } },
    };
  }
  for (const code of errorStatuses(method, path, op)) {
    const known = ERROR_ANSWERS[code];
    if (!known) throw new Error(`${method} ${path}: no description of the error status ${code}`);
    responses[String(code)] = { $ref: `#/components/responses/${known.name}` };
  }

  const writes = method !== 'GET';
  const needsSession = op.who !== 'anyone' && op.who !== 'guest';
  const security = [{ ...(needsSession ? { session: [] } : {}), ...(writes && op.csrf !== false ? { csrf: [], requestedWith: [] } : {}) }];

  return {
    tags: [tag],
    summary: op.summary,
    description: lines.join('\n\n'),
    operationId: operationId(method, path),
    ...(parameters.length ? { parameters } : {}),
    ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(op.body) } } } } : {}),
    ...(op.upload === 'multipart/form-data' ? {
      requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', description: 'The file(s) as form parts.', additionalProperties: { type: 'string', contentMediaType: 'application/octet-stream' } } } } },
    } : {}),
    ...(op.upload === 'text/calendar' ? {
      requestBody: { required: true, content: { 'text/calendar': { schema: { type: 'string', description: 'The .ics file, up to 2 MiB.' } } } },
    } : {}),
    responses,
    security: Object.keys(security[0]!).length ? security : [],
    'x-who': op.who,
    ...(op.permissions?.length ? { 'x-permissions': [...op.permissions] } : {}),
    ...(op.anyPermission?.length ? { 'x-permissions-any': [...op.anyPermission] } : {}),
    ...(op.role ? { 'x-role': op.role } : {}),
    ...(op.feature ? { 'x-plan-feature': op.feature } : {}),
  };
}

const INFO_DESCRIPTION = `Coachwell's screens use this same JSON API. Everything is under \`/api\` on the app's own address.
How to call it is in the repository's \`docs/api.md\`; in short:

- **Sessions**: \`POST /api/auth/login\` sets the \`${DOCUMENTED_SESSION_COOKIE}\` cookie; it ends after 2 hours idle or 12 hours.
- **CSRF**: every \`POST\`, \`PUT\`, \`PATCH\` and \`DELETE\` echoes the \`XSRF-TOKEN\` cookie in \`X-XSRF-TOKEN\` and sends \`X-Requested-With: XMLHttpRequest\`, else 419. Any \`GET\` (say \`GET /api/auth/user\`) gives the cookie.
- **Errors**: every error answers \`{ message, code, errors? }\` (the \`Error\` schema below).
- **Lists**: \`{ data, meta: { page, per_page, total, last_page } }\`; \`page\` from 1, \`per_page\` up to each list's maximum. Filters use brackets: \`filter[building_id][]=3\`.
- **Scopes**: a district user only ever reads and writes their own district; many permissions have a scope (the district, \`.building\`, \`.self\`) that narrows every list.

Each operation says who may call it (\`x-who\`), the permissions it needs as named in \`common/permissions.ts\` (\`x-permissions\`: all of them; \`x-permissions-any\`: any one), the role a few rules check by name (\`x-role\`) and the plan feature that gates it (\`x-plan-feature\`). \`server/openapi/permissions.test.ts\` proves each of these against the server.
This document is generated from the code (the routes' zod request schemas and each feature's \`openapi.ts\`).`;

export function buildOpenApiDocument(areas: readonly ApiArea[] = API_AREAS): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const area of areas) {
    for (const [key, op] of Object.entries(area.operations) as [OperationKey, ApiOperation][]) {
      const [method, path] = key.split(' ') as [HttpMethod, string];
      const item = (paths[path] ??= {});
      const verb = method.toLowerCase();
      if (item[verb]) throw new Error(`${key} is described twice`);
      try {
        item[verb] = describeOperation(method, path, op, area.tag);
      } catch (error) {
        throw new Error(`${key}: ${(error as Error).message}`);
      }
    }
  }
  const errorSchema = {
    type: 'object',
    required: ['message', 'code'],
    properties: {
      message: { type: 'string', description: 'For a person to read.' },
      code: { type: 'string', description: 'For a program: `validation_failed`, `not_found`, …' },
      errors: { type: 'object', description: 'On 422: each bad field with its messages.', additionalProperties: { type: 'array', items: { type: 'string' } } },
    },
  };
  const responses: Json = {};
  for (const answer of Object.values(ERROR_ANSWERS)) {
    responses[answer.name] = {
      description: answer.description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example: { message: answer.message, code: answer.code, ...(answer.code === 'validation_failed' ? { errors: { name: [answer.message] } } : {}) } } },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Coachwell API', version: '1', description: INFO_DESCRIPTION },
    tags: areas.map((area) => ({ name: area.tag, ...(area.description ? { description: area.description } : {}) })),
    paths,
    components: {
      schemas: {
        Error: errorSchema,
        Page: {
          type: 'object',
          required: ['data', 'meta'],
          properties: {
            data: { type: 'array', items: { type: 'object' } },
            meta: PAGE_META,
          },
        },
        DataList: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: { type: 'object' } } } },
        // The answers with a schema (common/schemas/answers), the output side of the presenters' zod schemas.
        ...Object.fromEntries(Object.entries(ANSWER_SCHEMAS).map(([name, schema]) => [name, jsonSchemaOf(schema, 'output')])),
      },
      responses,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: DOCUMENTED_SESSION_COOKIE, description: 'Set by `POST /api/auth/login`.' },
        csrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN', description: 'The `XSRF-TOKEN` cookie, echoed on every write.' },
        requestedWith: { type: 'apiKey', in: 'header', name: 'X-Requested-With', description: '`XMLHttpRequest` on every write.' },
      },
    },
  };
}

let built: string | null = null;

/** The document as JSON text, built once per process (it only changes with the code). */
export function openApiJson(): string {
  built ??= JSON.stringify(buildOpenApiDocument());
  return built;
}
