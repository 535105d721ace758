// The OpenAPI reference against the app: every route the built app answers is in the document and every
// operation of the document is a route of the app (read off Express's router stack, not a list of ours),
// the document is valid OpenAPI 3.1, and GET /api/openapi.json and /api/docs are open to anyone.
import { Validator } from '@seriousme/openapi-schema-validator';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../common/permissions';
import { SESSION_COOKIE } from '../app';
import { createTestApp, loginAs } from '../testing/app';
import { buildUser } from '../testing/factories';
import { API_AREAS, buildOpenApiDocument, DOCUMENTED_SESSION_COOKIE, errorStatuses } from './document';

interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every route of the app as `METHOD /path/{param}`, walking the router stack and its mounted routers. */
export function appRoutes(app: unknown): string[] {
  const found: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const p of paths) {
          if (typeof p !== 'string') throw new Error(`A route path that is not a string: ${String(p)} (describe it by hand and teach this walker)`);
          for (const method of Object.keys(layer.route.methods)) {
            if (method === '_all') throw new Error(`${prefix}${p} answers every method (router.all): describe each`);
            found.push(`${method.toUpperCase()} ${prefix}${p.replace(/:(\w+)/g, '{$1}')}`);
          }
        }
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk((app as { router: { stack: Layer[] } }).router.stack, '');
  return found;
}

/** What the routes and the document disagree on, each way. */
export function compareRoutes(routes: readonly string[], documented: readonly string[]) {
  const inDoc = new Set(documented);
  const inApp = new Set(routes);
  return {
    undocumented: [...inApp].filter((r) => !inDoc.has(r)).sort(),
    notRoutes: [...inDoc].filter((d) => !inApp.has(d)).sort(),
    duplicateRoutes: routes.filter((r, i) => routes.indexOf(r) !== i),
  };
}

function documentedOperations(doc: ReturnType<typeof buildOpenApiDocument>): string[] {
  return Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
}

describe('the OpenAPI document and the routes of the app', () => {
  it('describes every route of the app, and names no route the app does not have', async () => {
    const { app } = await createTestApp();
    const routes = appRoutes(app);
    // The walk reaches the feature routers (mounted without a path under /api) and the reference's own.
    expect(routes.length).toBeGreaterThan(200);
    expect(routes).toEqual(expect.arrayContaining([
      'GET /api/health', 'PUT /api/group/{id}', 'GET /api/admin/interaction-type', 'POST /api/coach/{id}/caseload/{assignmentId}/end',
      'GET /api/skill-map.csv', 'GET /api/openapi.json',
    ]));
    const difference = compareRoutes(routes, documentedOperations(buildOpenApiDocument()));
    // A new route needs its entry in its feature's openapi.ts (server/http/apiDoc.ts says how);
    // a removed one takes its entry with it.
    expect(difference).toEqual({ undocumented: [], notRoutes: [], duplicateRoutes: [] });
  });

  it('tells a missing description and a description of no route apart (the check can fail)', () => {
    expect(compareRoutes(['GET /api/a', 'POST /api/b/{id}'], ['GET /api/a', 'DELETE /api/c'])).toEqual({
      undocumented: ['POST /api/b/{id}'], notRoutes: ['DELETE /api/c'], duplicateRoutes: [],
    });
  });

  it('is valid OpenAPI 3.1 whose references all resolve', async () => {
    const doc = buildOpenApiDocument();
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  const REPEATABLE_CREATES = ['POST /api/interaction', 'POST /api/observation', 'POST /api/action-step'];

  it('gives every operation a summary, its permissions by their names, a success answer and the error shape', () => {
    const doc = buildOpenApiDocument();
    const permissionNames = new Set<string>(Object.values(PERMISSIONS));
    const operationIds = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item) as [string, Record<string, unknown>][]) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(op.summary, where).toEqual(expect.any(String));
        expect(operationIds.has(op.operationId as string), `${where}: operationId ${String(op.operationId)} twice`).toBe(false);
        operationIds.add(op.operationId as string);
        for (const permission of (op['x-permissions'] as string[] | undefined) ?? []) expect(permissionNames, where).toContain(permission);
        const statuses = Object.keys(op.responses as object).map(Number);
        const successes = statuses.filter((s) => s >= 200 && s < 300);
        // One success answer; the creates that take a client id (issue 31) also answer a repeat with 200.
        if (REPEATABLE_CREATES.includes(where)) expect(successes.sort(), where).toEqual([200, 201]);
        else expect(successes, where).toHaveLength(1);
        for (const status of statuses.filter((s) => s >= 400)) {
          expect((op.responses as Record<string, { $ref?: string }>)[status]!.$ref, where).toMatch(/^#\/components\/responses\//);
        }
        // Path parameters are declared once each, as the path names them.
        const named = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        const declared = ((op.parameters as { name: string; in: string }[] | undefined) ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        expect(declared, where).toEqual(named);
      }
    }
    const errorShape = (doc.components.schemas as Record<string, { required: string[] }>).Error!;
    expect(errorShape.required).toEqual(['message', 'code']);
  });

  it('derives the error answers from who may call, the path and the body', () => {
    const group = API_AREAS.flatMap((a) => Object.entries(a.operations)).find(([key]) => key === 'PUT /api/group/{id}')![1]!;
    // Signed in (401), a permission (403), a district write during an ended trial (402), an id (404), CSRF (419), a body (422).
    expect(errorStatuses('PUT', '/api/group/{id}', group)).toEqual([401, 402, 403, 404, 409, 419, 422]);
    const login = API_AREAS.flatMap((a) => Object.entries(a.operations)).find(([key]) => key === 'POST /api/auth/login')![1]!;
    // Sign-in stays open after a trial ends, needs no session, and is rate limited.
    expect(errorStatuses('POST', '/api/auth/login', login)).toEqual([419, 422, 429]);
  });

  it('documents the request schemas the routes validate with, turned into JSON Schema by zod', () => {
    const doc = buildOpenApiDocument();
    const body = (doc.paths['/api/group']!.post!.requestBody as { content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }> })
      .content['application/json']!.schema;
    expect(Object.keys(body.properties).sort()).toEqual(['description', 'group_of', 'items', 'name']);
    expect(body.required).toEqual(['name']);
    expect(body.properties.name).toEqual({ type: 'string', minLength: 1, maxLength: 120 });
    const staffList = doc.paths['/api/staff']!.get!;
    const params = (staffList.parameters as { name: string; in: string; style?: string }[]);
    expect(params.find((p) => p.name === 'filter')).toMatchObject({ in: 'query', style: 'deepObject' });
    expect(params.map((p) => p.name)).toEqual(expect.arrayContaining(['page', 'per_page']));
    expect(staffList['x-permissions']).toEqual([PERMISSIONS.seeEducators]);
  });

  it('names the session cookie the app sets', () => {
    expect(DOCUMENTED_SESSION_COOKIE).toBe(SESSION_COOKIE);
  });
});

describe('GET /api/openapi.json and /api/docs', () => {
  it('answers the document to a guest, without a session', async () => {
    const { app } = await createTestApp();
    const res = await request(app).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    expect(res.body.openapi).toBe('3.1.0');
  });

  it('answers the same document to a signed-in person', async () => {
    const { app, db } = await createTestApp();
    const user = await buildUser(db, { role: 'coach' });
    const agent = await loginAs(app, user);
    const res = await agent.get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });

  it('serves the viewer under the strict CSP: a page with no inline script, and only the files it needs', async () => {
    const { app } = await createTestApp();
    for (const path of ['/api/docs', '/api/docs/']) {
      const page = await request(app).get(path);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain('<title>Coachwell API reference</title>');
      const csp = page.headers['content-security-policy'] as string;
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      const scripts = [...page.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBe(2);
      for (const [, attributes, body] of scripts) {
        expect(attributes).toMatch(/ src="\/api\/docs\//);
        expect(body!.trim()).toBe('');
      }
      expect(page.text).not.toMatch(/<style|style="/);
    }
    const files: [string, RegExp][] = [
      ['/api/docs/swagger-ui-bundle.js', /javascript/], ['/api/docs/swagger-ui.css', /text\/css/],
      ['/api/docs/start.js', /javascript/], ['/api/docs/reference.css', /text\/css/],
    ];
    for (const [path, type] of files) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toMatch(type);
    }
    expect((await request(app).get('/api/docs/start.js')).text).toContain("url: '/api/openapi.json'");
    // Nothing else of the package (or elsewhere) is reachable through the viewer's folder.
    for (const path of ['/api/docs/package.json', '/api/docs/swagger-ui-bundle.js.map', '/api/docs/../package.json', '/api/docs/%2e%2e/package.json']) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(404);
    }
  });
});
