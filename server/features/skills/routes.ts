// Skill mapping (issue 10): the district's framework (read; edit with `manage settings`), ratings of an
// educator (several skills at once; every rating kept), an educator's self-assessment (issue 29), the heat map
// (the coaches' levels or the self-assessment layer) with its summary and CSV export.
// Thin handlers: authorize (policies) → validate → call (service) → present. Plan gate and scopes:
// policies.ts.
import { Router } from 'express';
import { PERMISSIONS } from '../../../common/permissions';
import {
  domainPayloadSchema, levelPayloadSchema, orderPayloadSchema, ratingPayloadSchema, SELF_ASSESSMENTS_PER_HOUR, selfAssessmentPayloadSchema, SKILL_MESSAGES,
  type SkillMapLayer, skillMapQuerySchema, skillPayloadSchema,
} from '../../../common/schemas/skills';
import { type DistrictAuth, scopeOf } from '../../access/guards';
import type { Deps } from '../../deps';
import { forbidden, notFound } from '../../http/errors';
import { pageMeta, parsePage } from '../../http/pagination';
import { routeId } from '../../http/params';
import { hitWithMessage } from '../../http/rateLimit';
import { sendJson } from '../../http/respond';
import { validate } from '../../http/validate';
import { readerKey } from '../../identity/context';
import { sendCsv } from '../../lib/csv';
import { today } from '../../lib/dates';
import { keptAnswer } from '../../lib/keptAnswers';
import { skillMapTable } from './csv';
import {
  canEditFramework, educatorSkillsReader, frameworkEditor, frameworkReader, mapReader, rater, refuseImpersonatedSelfAssessment, selfAssessor,
} from './policies';
import { presentEducatorSkills, presentFramework, presentMapRows, presentSummary } from './presenter';
import { recordRead } from '../../lib/readLog';
import {
  activeColumns, activeFramework, buildingNamesOf, cellsOf, currentRatingsOf, findDomain, findOwnEducator, findVisibleEducator, frameworkParts,
  levelCounts, mapAll, mapPage, mapStaff, ratingsOf, selfRatingsOf, type MapRow,
} from './queries';
import {
  createDomain, createSkill, rateSkills, reorder, selfAssess, setDomainArchived, setSkillArchived, updateDomain, updateLevel, updateSkill,
} from './service';

const HOUR_MS = 60 * 60 * 1000;

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
    const [current, history, self, own] = await Promise.all([
      currentRatingsOf(db, auth.district.id, staff.id),
      ratingsOf(db, auth.district.id, staff.id),
      selfRatingsOf(db, auth.district.id, staff.id),
      findOwnEducator(db, auth.district.id, auth.user.id, staff.id),
    ]);
    return presentEducatorSkills(staff, current, history, self, { canRate, canSelfAssess: own !== undefined && auth.impersonator === null });
  }

  async function maxLevelOf(auth: DistrictAuth, framework: { id: number }) {
    const levels = await frameworkParts(db, auth.district.id, framework.id).then((p) => p.levels);
    return Math.max(0, ...levels.map((l) => l.level));
  }

  router.get('/staff/:id/skill-rating', async (req, res) => {
    const { auth, scope, rates } = educatorSkillsReader(req);
    const staff = await findVisibleEducator(db, scope, routeId(req, 'id', SKILL_MESSAGES.educatorNotFound));
    if (!staff) throw notFound(SKILL_MESSAGES.educatorNotFound);
    const answer = await answerEducator(auth, staff, rates);
    await recordRead(db, req, staff.id, 'skill_rating');
    res.json(answer);
  });

  router.post('/staff/:id/skill-rating', async (req, res) => {
    const { auth, scope, actor } = rater(req);
    const staff = await findVisibleEducator(db, scope, routeId(req, 'id', SKILL_MESSAGES.educatorNotFound));
    if (!staff) throw notFound(SKILL_MESSAGES.educatorNotFound);
    const input = validate(ratingPayloadSchema, req.body);
    const framework = await frameworkOf(auth);
    await rateSkills(db, actor, {
      framework, maxLevel: await maxLevelOf(auth, framework), timeZone: auth.district.timezone,
      anyCoach: scopeOf(auth, PERMISSIONS.seeActivity)?.kind === 'district',
    }, staff.id, input);
    res.status(201).json(await answerEducator(auth, staff, true));
  });

  // Self-assessment (issue 29): the educator themself only. Another educator's id is 404 unless the caller
  // sees that educator (a coach, a principal): then 403, since they rate through POST …/skill-rating.
  router.post('/staff/:id/self-assessment', async (req, res) => {
    const { auth, actor, sight } = selfAssessor(req);
    const id = routeId(req, 'id', SKILL_MESSAGES.educatorNotFound);
    const staff = await findOwnEducator(db, auth.district.id, auth.user.id, id);
    if (!staff) {
      if (sight && (await findVisibleEducator(db, sight, id))) throw forbidden(SKILL_MESSAGES.selfOnly);
      throw notFound(SKILL_MESSAGES.educatorNotFound);
    }
    refuseImpersonatedSelfAssessment(actor);
    const input = validate(selfAssessmentPayloadSchema, req.body);
    await hitWithMessage(deps.limiter, `self-assessment|staff|${staff.id}`, SELF_ASSESSMENTS_PER_HOUR, HOUR_MS, SKILL_MESSAGES.tooManySelfAssessments);
    const framework = await frameworkOf(auth);
    await selfAssess(db, actor, { framework, maxLevel: await maxLevelOf(auth, framework), timeZone: auth.district.timezone }, staff.id, input);
    res.status(201).json(await answerEducator(auth, staff, scopeOf(auth, PERMISSIONS.seeSkillMapping) !== null));
  });

  // ---- Heat map ------------------------------------------------------------------------------

  async function mapContext(auth: DistrictAuth) {
    const framework = await frameworkOf(auth);
    return activeColumns(await frameworkParts(db, auth.district.id, framework.id));
  }

  async function presentRows(
    auth: DistrictAuth, rows: MapRow[], columns: Awaited<ReturnType<typeof mapContext>>, layer: SkillMapLayer, day = today(),
  ) {
    const ids = rows.map((r) => r.id);
    const [cells, buildings] = await Promise.all([cellsOf(db, auth.district.id, ids, layer), buildingNamesOf(db, auth.district.id, ids, day)]);
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
      const { rows, total } = await mapPage(mapStaff(db, scope, query.filter, day), auth.district.id, query.sort, page, query.layer);
      return { answer: { data: await presentRows(auth, rows, columns, query.layer, day), meta: pageMeta(page.page, page.perPage, total) } };
    }));
  });

  router.get('/skill-map/summary', async (req, res) => {
    const { auth, scope } = mapReader(req);
    const query = validate(skillMapQuerySchema, req.query);
    const day = today();
    sendJson(res, await keptAnswer(db, auth.district.id, readerKey(auth), ['skill-map/summary', query, day], async () => {
      const { counts, total } = await levelCounts(db, mapStaff(db, scope, query.filter, day), auth.district.id, query.layer);
      return { answer: presentSummary(counts, total) };
    }));
  });

  router.get('/skill-map.csv', async (req, res) => {
    const { auth, scope } = mapReader(req);
    const query = validate(skillMapQuerySchema, req.query);
    const columns = await mapContext(auth);
    const all = await mapAll(mapStaff(db, scope, query.filter), auth.district.id, query.sort, query.layer);
    const rows: Awaited<ReturnType<typeof presentRows>> = [];
    for (let i = 0; i < all.length; i += 500) rows.push(...(await presentRows(auth, all.slice(i, i + 500), columns, query.layer)));
    const table = skillMapTable(columns, new Set(query.collapsed), rows);
    sendCsv(res, query.layer === 'self' ? 'skill-map-self-assessment.csv' : 'skill-map.csv', table.header, table.rows);
  });

  return router;
}
