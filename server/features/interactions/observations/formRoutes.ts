// Observation forms (issue 28): GET /api/observation-form(/{id}) for any district login (on a plan without
// observation forms, the built-in walkthrough only), and the editor's writes (`manage settings` and the plan
// feature `observation-forms`): POST, PUT /{id}, POST /{id}/archive and /{id}/restore. Thin handlers:
// validate → authorize → call → present.
import { Router } from 'express';
import { observationFormListQuerySchema, observationFormSchema } from '../../../../common/schemas/observations';
import type { Deps } from '../../../deps';
import { notFound } from '../../../http/errors';
import { routeId } from '../../../http/params';
import { validate } from '../../../http/validate';
import { FORM_NOT_FOUND, formManager, formReader } from './formPolicies';
import { presentForm } from './formPresenter';
import { type FormAccess, findForm, itemsOfVersions, listForms } from './formQueries';
import { createForm, setFormArchived, updateForm } from './formService';

export function observationFormRouter(deps: Deps): Router {
  const { db } = deps;
  const router = Router();

  const answer = async (access: FormAccess, id: number) => {
    const form = await findForm(db, access, id);
    if (!form) throw notFound(FORM_NOT_FOUND);
    return presentForm(form, await itemsOfVersions(db, access.districtId, [form.current_version_id]));
  };
  /** After a write: the editor's plan has the feature, so every form of the district is theirs to read. */
  const written = (districtId: number): FormAccess => ({ districtId, builtinOnly: false });

  router.get('/observation-form', async (req, res) => {
    const access = formReader(req);
    const { status } = validate(observationFormListQuerySchema, { status: req.query.status });
    const forms = await listForms(db, access, status);
    const items = await itemsOfVersions(db, access.districtId, forms.map((f) => f.current_version_id));
    res.json({ data: forms.map((f) => presentForm(f, items)) });
  });

  router.get('/observation-form/:id', async (req, res) => {
    const access = formReader(req);
    res.json(await answer(access, routeId(req, 'id', FORM_NOT_FOUND)));
  });

  router.post('/observation-form', async (req, res) => {
    formReader(req);
    const input = validate(observationFormSchema, req.body);
    const actor = formManager(req);
    const id = await createForm(db, actor, input);
    res.status(201).json(await answer(written(actor.districtId), id));
  });

  router.put('/observation-form/:id', async (req, res) => {
    formReader(req);
    const id = routeId(req, 'id', FORM_NOT_FOUND);
    const input = validate(observationFormSchema, req.body);
    const actor = formManager(req);
    await updateForm(db, actor, id, input);
    res.json(await answer(written(actor.districtId), id));
  });

  for (const [action, archived] of [['archive', true], ['restore', false]] as const) {
    router.post(`/observation-form/:id/${action}`, async (req, res) => {
      formReader(req);
      const id = routeId(req, 'id', FORM_NOT_FOUND);
      const actor = formManager(req);
      await setFormArchived(db, actor, id, archived);
      res.json(await answer(written(actor.districtId), id));
    });
  }

  return router;
}
