// Skill mapping (issue 10): the district's framework (read; edit with `manage settings`), ratings of an
// educator (several skills at once; every rating kept), the heat map with its summary and CSV export.
// Thin handlers: authorize (policies) → validate → call (service) → present. Plan gate and scopes:
// policies.ts.
import { Router } from 'express';
import { PERMISSIONS } from '../../../common/permissions';
import {
  domainPayloadSchema, levelPayloadSchema, orderPayloadSchema, ratingPayloadSchema, SKILL_MESSAGES, skillMapQuerySchema,
  skillPayloadSchema,
} from '../../../common/schemas/skills';
import { type DistrictAuth, scopeOf } from '../../access/guards';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { pageMeta, parsePage } from '../../http/pagination';
import { routeId } from '../../http/params';
import { sendJson } from '../../http/respond';
import { validate } from '../../http/validate';
import { readerKey } from '../../identity/context';
import { sendCsv } from '../../lib/csv';
import { today } from '../../lib/dates';
import { keptAnswer } from '../../lib/keptAnswers';
import { skillMapTable } from './csv';
import { canEditFramework, educatorSkillsReader, frameworkEditor, frameworkReader, mapReader, rater } from './policies';
import { presentEducatorSkills, presentFramework, presentMapRows, presentSummary } from './presenter';
import {
  activeColumns, activeFramework, buildingNamesOf, cellsOf, currentRatingsOf, findDomain, findVisibleEducator, frameworkParts,
  levelCounts, mapAll, mapPage, mapStaff, ratingsOf, type MapRow,
} from './queries';
import {
  createDomain, createSkill, rateSkills, reorder, setDomainArchived, setSkillArchived, updateDomain, updateLevel, updateSkill,
} from './service';

export function skillRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  async function frameworkOf(auth: DistrictAuth) {
    const framework = await activeFramework(db, auth.district.id);
    if (!framework) throw notFound(SKILL_MESSAGES.noFramework);
    return framework;
  }

  async function answerFramework(auth: DistrictAuth) {
    const framework = await frameworkOf(auth);
    return presentFramework(framework, await frameworkParts(db, auth.district.id, framework.id), canEditFramework(auth));
  }

  // ---- Framework -------------------------------------------------------------------------------

  router.get('/skill-framework', async (req, res) => {
    res.json(await answerFramework(frameworkReader(req)));
  });

  router.post('/skill-domain', async (req, res) => {
    const { auth, actor } = frameworkEditor(req);
    const input = validate(domainPayloadSchema, req.body);
    await createDomain(db, actor, await frameworkOf(auth), input);
    res.status(201).json(await answerFramework(auth));
  });

  router.put('/skill-domain-order', async (req, res) => {
    const { auth, actor } = frameworkEditor(req);
    const input = validate(orderPayloadSchema, req.body);
    await reorder(db, actor, { table: 'skill_domains', frameworkId: (await frameworkOf(auth)).id }, input.ids);
    res.json(await answerFramework(auth));
  });

  router.put('/skill-domain/:id', async (req, res) => {
    const { auth, actor } = frameworkEditor(req);
    const id = routeId(req, 'id', SKILL_MESSAGES.domainNotFound);
    const input = validate(domainPayloadSchema, req.body);
    await updateDomain(db, actor, await frameworkOf(auth), id, input);
    res.json(await answerFramework(auth));
  });

  router.put('/skill-domain/:id/skill-order', async (req, res) => {
    const { auth, actor } = frameworkEditor(req);
    const id = routeId(req, 'id', SKILL_MESSAGES.domainNotFound);
    if (!(await findDomain(db, auth.district.id, id))) throw notFound(SKILL_MESSAGES.domainNotFound);
    const input = validate(orderPayloadSchema, req.body);
    await reorder(db, actor, { table: 'skills', domainId: id }, input.ids);
    res.json(await answerFramework(auth));
  });

  for (const [action, archived] of [['archive', true], ['restore', false]] as const) {
    router.post(`/skill-domain/:id/${action}`, async (req, res) => {
      const { auth, actor } = frameworkEditor(req);
      await setDomainArchived(db, actor, routeId(req, 'id', SKILL_MESSAGES.domainNotFound), archived);
      res.json(await answerFramework(auth));
    });
    router.post(`/skill/:id/${action}`, async (req, res) => {
      const { auth, actor } = frameworkEditor(req);
      await setSkillArchived(db, actor, routeId(req, 'id', SKILL_MESSAGES.skillNotFound), archived);
      res.json(await answerFramework(auth));
    });
  }

  router.post('/skill', async (req, res) => {
    const { auth, actor } = frameworkEditor(req);
    const input = validate(skillPayloadSchema, req.body);
    await createSkill(db, actor, await frameworkOf(auth), input);
    res.status(201).json(await answerFramework(auth));
  });

  router.put('/skill/:id', async (req, res) => {
    const { auth, actor } = frameworkEditor(req);
    const id = routeId(req, 'id', SKILL_MESSAGES.skillNotFound);
    const input = validate(skillPayloadSchema, req.body);
    await updateSkill(db, actor, await frameworkOf(auth), id, input);
    res.json(await answerFramework(auth));
  });

  router.put('/skill-level/:level', async (req, res) => {
    const { auth, actor } = frameworkEditor(req);
    const level = routeId(req, 'level', SKILL_MESSAGES.levelNotFound);
    const input = validate(levelPayloadSchema, req.body);
    await updateLevel(db, actor, await frameworkOf(auth), level, input);
    res.json(await answerFramework(auth));
  });

  // ---- Ratings ---------------------------------------------------------------------------------

  async function answerEducator(auth: DistrictAuth, staff: { id: number; first_name: string; last_name: string }, canRate: boolean) {
    const [current, history] = await Promise.all([
      currentRatingsOf(db, auth.district.id, staff.id),
      ratingsOf(db, auth.district.id, staff.id),
    ]);
    return presentEducatorSkills(staff, current, history, canRate);
  }

  router.get('/staff/:id/skill-rating', async (req, res) => {
    const { auth, scope, rates } = educatorSkillsReader(req);
    const staff = await findVisibleEducator(db, scope, routeId(req, 'id', SKILL_MESSAGES.educatorNotFound));
    if (!staff) throw notFound(SKILL_MESSAGES.educatorNotFound);
    res.json(await answerEducator(auth, staff, rates));
  });

  router.post('/staff/:id/skill-rating', async (req, res) => {
    const { auth, scope, actor } = rater(req);
    const staff = await findVisibleEducator(db, scope, routeId(req, 'id', SKILL_MESSAGES.educatorNotFound));
    if (!staff) throw notFound(SKILL_MESSAGES.educatorNotFound);
    const input = validate(ratingPayloadSchema, req.body);
    const framework = await frameworkOf(auth);
    const levels = await frameworkParts(db, auth.district.id, framework.id).then((p) => p.levels);
    await rateSkills(db, actor, {
      framework, maxLevel: Math.max(0, ...levels.map((l) => l.level)), timeZone: auth.district.timezone,
      anyCoach: scopeOf(auth, PERMISSIONS.seeActivity)?.kind === 'district',
    }, staff.id, input);
    res.status(201).json(await answerEducator(auth, staff, true));
  });

  // ---- Heat map ------------------------------------------------------------------------------

  async function mapContext(auth: DistrictAuth) {
    const framework = await frameworkOf(auth);
    return activeColumns(await frameworkParts(db, auth.district.id, framework.id));
  }

  async function presentRows(auth: DistrictAuth, rows: MapRow[], columns: Awaited<ReturnType<typeof mapContext>>, day = today()) {
    const ids = rows.map((r) => r.id);
    const [cells, buildings] = await Promise.all([cellsOf(db, auth.district.id, ids), buildingNamesOf(db, auth.district.id, ids, day)]);
    return presentMapRows(rows, cells, buildings, columns);
  }

  // A page and a summary are kept per reader, query and day while nothing in the district changes
  // (lib/keptAnswers.ts): who is at which school is read as of today.
  router.get('/skill-map', async (req, res) => {
    const { auth, scope } = mapReader(req);
    const query = validate(skillMapQuerySchema, req.query);
    const page = parsePage(req.query, 100);
    const day = today();
    sendJson(res, await keptAnswer(db, auth.district.id, readerKey(auth), ['skill-map', query, page, day], async () => {
      const columns = await mapContext(auth);
      const { rows, total } = await mapPage(mapStaff(db, scope, query.filter, day), auth.district.id, query.sort, page);
      return { answer: { data: await presentRows(auth, rows, columns, day), meta: pageMeta(page.page, page.perPage, total) } };
    }));
  });

  router.get('/skill-map/summary', async (req, res) => {
    const { auth, scope } = mapReader(req);
    const query = validate(skillMapQuerySchema, req.query);
    const day = today();
    sendJson(res, await keptAnswer(db, auth.district.id, readerKey(auth), ['skill-map/summary', query, day], async () => {
      const { counts, total } = await levelCounts(db, mapStaff(db, scope, query.filter, day), auth.district.id);
      return { answer: presentSummary(counts, total) };
    }));
  });

  router.get('/skill-map.csv', async (req, res) => {
    const { auth, scope } = mapReader(req);
    const query = validate(skillMapQuerySchema, req.query);
    const columns = await mapContext(auth);
    const all = await mapAll(mapStaff(db, scope, query.filter), auth.district.id, query.sort);
    const rows: Awaited<ReturnType<typeof presentRows>> = [];
    for (let i = 0; i < all.length; i += 500) rows.push(...(await presentRows(auth, all.slice(i, i + 500), columns)));
    const table = skillMapTable(columns, new Set(query.collapsed), rows);
    sendCsv(res, 'skill-map.csv', table.header, table.rows);
  });

  return router;
}
