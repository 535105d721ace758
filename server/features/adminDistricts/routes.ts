// The provider's districts (issue 13): the list and one district's page under /api/admin/district, and the
// account actions. Thin handlers: authorize → validate → find (404) → command → present.
import { type Request, type Response, Router } from 'express';
import type * as z from 'zod/mini';
import {
  ADMIN_DISTRICT_MESSAGES as M, changePlanSchema, districtListQuerySchema, extendTrialSchema, reactivateDistrictSchema,
  suspendDistrictSchema,
} from '../../../common/schemas/adminDistricts';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { pageMeta, parsePage } from '../../http/pagination';
import { routeId } from '../../http/params';
import { validate } from '../../http/validate';
import { nowIso } from '../../../db/connection';
import {
  DISTRICT_DELETION_MESSAGES as DM, districtDeletionActionSchema, purgeDistrictSchema,
} from '../../../common/schemas/districtDeletion';
import { conflict, validationError } from '../../http/errors';
import { attachment } from '../../lib/csv';
import { restoreDeletion, scheduleDeletion } from './deletion';
import {
  canManageDistrictAccounts, deletionCertificateReader, districtAccountManager, districtDeletionManager, districtReader, type ProviderCaller,
} from './policies';
import { certificateEmailStates } from './certificateEmails';
import { presentDeletionCertificate, presentDistrictDetail, presentDistrictRow, presentPlanOption } from './presenter';
import { startPurgeJob } from './deletionJobs';
import { startPurge } from './purge';
import {
  districtImports, districtSchools, districtUsage, districtUsers, type DistrictRow, findDeletionCertificatePdf, findDistrict, listDeletionCertificates,
  listDistricts, listPlans, seatsUsed, userName,
} from './queries';
import { changePlan, extendTrial, reactivateDistrict, suspendDistrict, todayIn } from './service';

export function adminDistrictRoutes(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  async function requireDistrictRow(req: Request) {
    const district = await findDistrict(db, routeId(req, 'id', M.notFound));
    if (!district) throw notFound(M.notFound);
    return district;
  }

  async function answerDistrict(res: Response, caller: ProviderCaller, id: number) {
    const district = (await findDistrict(db, id))!;
    const now = nowIso();
    const [used, users, schools, usage, imports, plans, scheduledByName] = await Promise.all([
      seatsUsed(db, id), districtUsers(db, id), districtSchools(db, id, todayIn(district.timezone)), districtUsage(db, id, now),
      districtImports(db, id), listPlans(db), userName(db, district.deletion_scheduled_by),
    ]);
    const scheduledBy = district.deletion_scheduled_by !== null && scheduledByName !== null ? { id: district.deletion_scheduled_by, name: scheduledByName } : null;
    res.json(presentDistrictDetail(district, {
      seatsUsed: used, users, schools, usage, imports, plans, canManage: canManageDistrictAccounts(caller.auth), scheduledBy,
    }));
  }

  router.get('/admin/district', async (req, res) => {
    districtReader(req);
    const query = validate(districtListQuerySchema, req.query);
    const page = parsePage(req.query);
    const [{ rows, total }, plans] = await Promise.all([listDistricts(db, query, page), listPlans(db)]);
    res.json({ data: rows.map(presentDistrictRow), meta: { ...pageMeta(page.page, page.perPage, total), plans: plans.map(presentPlanOption) } });
  });

  router.get('/admin/district/:id', async (req, res) => {
    const caller = districtReader(req);
    const district = await requireDistrictRow(req);
    await answerDistrict(res, caller, district.id);
  });

  /**
   * An account action: authorize, validate the body, find the district (404), run the command with its
   * audit row, then answer the district's page as it now stands.
   */
  function accountAction<S extends z.ZodMiniType>(
    authorize: (req: Request) => ProviderCaller,
    schema: S,
    command: (actor: ProviderCaller['actor'], district: DistrictRow, input: z.infer<S>) => Promise<void>,
  ) {
    return async (req: Request, res: Response) => {
      const caller = authorize(req);
      const input = validate(schema, req.body);
      const district = await requireDistrictRow(req);
      await command(caller.actor, district, input);
      await answerDistrict(res, caller, district.id);
    };
  }

  /** An account action that changes the plan, trial or status: refused (409) once the district's purge has started. */
  function accountChange<S extends z.ZodMiniType>(
    authorize: (req: Request) => ProviderCaller,
    schema: S,
    command: (actor: ProviderCaller['actor'], district: DistrictRow, input: z.infer<S>) => Promise<void>,
  ) {
    return accountAction(authorize, schema, (actor, district, input) => {
      // A purge is one-way and already deleting the district's rows (purge.ts): its account stays as it was.
      if (district.purge_started_at) throw conflict(DM.purgingAccount);
      return command(actor, district, input);
    });
  }

  router.post('/admin/district/:id/extend-trial', accountChange(districtReader, extendTrialSchema, (actor, district, input) => extendTrial(db, actor, district, input)));
  router.put('/admin/district/:id/plan', accountChange(districtAccountManager, changePlanSchema, (actor, district, input) => changePlan(db, actor, district, input)));
  router.post('/admin/district/:id/suspend', accountChange(districtAccountManager, suspendDistrictSchema, (actor, district, input) => suspendDistrict(db, actor, district, input.reason)));
  router.post('/admin/district/:id/reactivate', accountChange(districtAccountManager, reactivateDistrictSchema, (actor, district, input) => reactivateDistrict(db, actor, district, input.reason)));

  // Deleting a district (issue 32): schedule (its people signed out, 30 days' grace), restore, purge at once.
  router.post('/admin/district/:id/schedule-deletion', accountAction(districtDeletionManager, districtDeletionActionSchema, (actor, district) => scheduleDeletion(db, actor, district)));
  router.post('/admin/district/:id/restore-deletion', accountAction(districtDeletionManager, districtDeletionActionSchema, (actor, district) => restoreDeletion(db, actor, district)));
  // 202 at once with the district as it now stands (purging); the purge runs in batches in the background of this
  // process (deletionJobs.ts), and the page polls the district until it is gone and its certificate listed.
  router.post('/admin/district/:id/purge', async (req, res) => {
    const caller = districtDeletionManager(req);
    const input = validate(purgeDistrictSchema, req.body);
    const district = await requireDistrictRow(req);
    if (input.confirm_name !== district.name) throw validationError({ confirm_name: [DM.confirmNameMismatch] });
    const purger = { actor: caller.actor, name: caller.auth.user.name };
    const jobDeps = { db, mailer: deps.mailer, dataDir: deps.config.dataDir, log: deps.log };
    await startPurge(jobDeps, district.id, purger);
    res.status(202);
    await answerDistrict(res, caller, district.id);
    startPurgeJob(jobDeps, district.id, purger);
  });

  router.get('/admin/district-deletions', async (req, res) => {
    deletionCertificateReader(req);
    const page = parsePage(req.query);
    const { rows, total } = await listDeletionCertificates(db, page);
    const emails = await certificateEmailStates(db, rows.map((r) => r.id));
    res.json({ data: rows.map((r) => presentDeletionCertificate(r, emails.get(r.id) ?? { sent: 0, waiting: 0, failed: 0 })), meta: pageMeta(page.page, page.perPage, total) });
  });

  router.get('/admin/district-deletion/:id/certificate', async (req, res) => {
    deletionCertificateReader(req);
    const certificate = await findDeletionCertificatePdf(db, routeId(req, 'id', DM.certificateNotFound));
    if (!certificate) throw notFound(DM.certificateNotFound);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', attachment(`${certificate.certificate_number}.pdf`));
    res.setHeader('Cache-Control', 'private, no-store');
    res.send(Buffer.from(certificate.pdf));
  });

  return router;
}
