// What each feature says about its routes for the OpenAPI reference (GET /api/openapi.json, /api/docs):
// `server/features/<area>/openapi.ts` exports one `ApiArea`, keyed by `METHOD /api/path/{param}` exactly as
// the route is mounted. The request schemas are the zod schemas the routes validate with (common/schemas/),
// turned into JSON Schema by zod itself; nothing here repeats a field. server/openapi/document.ts builds the
// document and server/openapi/openapi.test.ts fails when a route of the app is missing here, or an entry
// here names no route.
import type { PlanFeature } from '../../common/permissions';
import type { AnswerName } from '../../common/schemas/answers';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type OperationKey = `${HttpMethod} /api${string}`;

/** Any zod (mini) schema: only passed on to `z.toJSONSchema`. */
export type RequestSchema = { readonly _zod: unknown };

/**
 * Who may call, before permissions:
 * - `anyone`: no session needed (guests included; a token in the path may be the credential);
 * - `guest`: meant for people not signed in (sign-in, registration, invites);
 * - `signed in`: any signed-in person, district user or provider staff (401 otherwise);
 * - `district`: a district user, or provider staff impersonating one (401; 403 for provider staff otherwise);
 * - `provider`: Coachwell's own staff (401; 403 for district users).
 */
export type Who = 'anyone' | 'guest' | 'signed in' | 'district' | 'provider';

/**
 * The success answer:
 * - `json`: a JSON object (the presenter's shape: `answerSchema` where given, else described in `answerText`);
 * - `page`: a paged list, `{ data, meta: { page, per_page, total, last_page } }` (http/pagination.ts);
 * - `data`: a list without paging, `{ data }`;
 * - `csv`, `pdf`, `ics`, `html`, `zip`: a file or page of that type; `none`: no body (204 and the like).
 */
export type AnswerKind = 'json' | 'page' | 'data' | 'csv' | 'pdf' | 'ics' | 'html' | 'zip' | 'none';

export interface ApiOperation {
  /** One line, as the reference's list shows it. */
  summary: string;
  /** More: rules, scopes, what the answer holds (Markdown). */
  description?: string;
  who: Who;
  /** Permission names from common/permissions.ts (`PERMISSIONS.x`), all required unless the description says otherwise. */
  permissions?: readonly string[];
  /**
   * Permissions of which any one is enough (after all of `permissions`), e.g. reading the skill framework
   * with `see skill mapping` or `manage settings`.
   */
  anyPermission?: readonly string[];
  /**
   * A role (a key of ROLE_PERMISSIONS in common/permissions.ts) the caller must hold beyond the permissions:
   * the few rules the code checks by role, like "manage district accounts" (`provider-admin`).
   */
  role?: string;
  /** The plan feature that gates the call (403 without it). */
  feature?: PlanFeature;
  /** The schema the route validates `req.query` with; several (a route whose query depends on a path value) are merged. */
  query?: RequestSchema | readonly RequestSchema[];
  /** The schema the route validates `req.body` with (JSON). */
  body?: RequestSchema;
  /** A body that is not JSON: a multipart file upload or an .ics calendar file. */
  upload?: 'multipart/form-data' | 'text/calendar';
  /** The success status, 200 unless given (204 answers `none`). */
  status?: 200 | 201 | 202 | 204;
  answer?: AnswerKind;
  /** What the success answer holds. */
  answerText?: string;
  /**
   * The answer's schema, by its name in common/schemas/answers (the zod schema the presenter's return type
   * is inferred from): the object of a `json` answer, each item of a `page` or `data` one.
   */
  answerSchema?: AnswerName;
  /**
   * For a call whose answer depends on a path parameter (a report's `{kind}`): the schema for each value
   * of it (`oneOf` in the document).
   */
  answerSchemaBy?: { param: string; schemas: Readonly<Record<string, AnswerName>> };
  /**
   * Path parameters' descriptions. `id` and `…Id` are positive integers, others strings; `{ text, type: 'string' }`
   * makes an id a string (an id with a file extension, `12.pdf`).
   */
  params?: Record<string, string | { text: string; type: 'string' }>;
  /**
   * A create that takes a `client_id` (issue 31, common/syncValues.ts): what a repeat with the same client id
   * answers, with 200 beside the 201 (the same `answerSchema`).
   */
  repeatAnswerText?: string;
  /** Error statuses beyond the ones derived from the above (401, 402, 403, 404, 419, 422). */
  errors?: readonly number[];
  /** False for the few writes mounted before the CSRF check (the report emails' one-click unsubscribe). */
  csrf?: false;
}

export interface ApiArea {
  /** The reference's section. */
  tag: string;
  description?: string;
  operations: Partial<Record<OperationKey, ApiOperation>>;
}

/** Issue 31 (common/syncValues.ts): a create's client id and an edit's base version, said once for the three record kinds. */
export const clientIdText = (record: string) => `With \`client_id\` (a lower-case UUID the device made for the ${record}; else 422 `
  + '"Client ID must be a UUID."): a repeat with the same client id by the same person in the same district writes nothing and answers '
  + `the ${record} made then with 200 (also when two arrive at once); one deleted since answers its 404. Another person's or district's same client id is unrelated.`;
export const baseVersionText = (record: string) => `With \`base_updated_at\` (the \`updated_at\` of the version the edit started from): when the ${record}'s `
  + '`updated_at` differs, 409 with code `edit_conflict` ("This record changed since you started editing it.") and nothing changes. Without it the edit is not checked.';
