import { type Request, Router } from 'express';
import {
  interactionFieldSchema, interactionTypeListQuerySchema, interactionTypeSchema, moveSchema,
} from '../../../common/schemas/interactionTypes';
import type { Deps } from '../../deps';
import { notFound } from '../../http/errors';
import { routeId } from '../../http/params';
import { validate } from '../../http/validate';
import {
  FIELD_NOT_FOUND, TYPE_NOT_FOUND, type TypeEditor, adminManager, adminReader, districtFieldManager, districtManager, districtReader,
} from './policies';
import { presentField, presentType } from './presenter';
import { type Owner, fieldsOfTypes, findField, listTypes, typeWithFields } from './queries';
import {
  createField, createType, moveField, moveType, setFieldArchived, setTypeArchived, updateField, updateType,
} from './service';

interface Access {
  /** The owner whose types the caller reads (401/403 otherwise). */
  reader: (req: Request) => Owner;
  /** Who may change types. */
  typeEditor: (req: Request) => TypeEditor;
  /** Who may change custom fields. */
  fieldEditor: (req: Request) => TypeEditor;
}

/**
 * One set of handlers, mounted twice: a district's own types under /interaction-type and
 * /interaction-field, and the provider's defaults under /admin/interaction-type and /admin/interaction-field.
 */
function typeRouter(deps: Deps, base: string, access: Access): Router {
  const { db } = deps;
  const router = Router();
  const typePath = `${base}/interaction-type`;
  const fieldPath = `${base}/interaction-field`;

  const answerType = async (owner: Owner, id: number) => {
    const found = await typeWithFields(db, owner, id);
    if (!found) throw notFound(TYPE_NOT_FOUND);
    return presentType(found.type, found.fields);
  };
  const answerField = async (owner: Owner, id: number) => {
    const field = await findField(db, owner, id);
    if (!field) throw notFound(FIELD_NOT_FOUND);
    return presentField(field);
  };

  router.get(typePath, async (req, res) => {
    const owner = access.reader(req);
    const { status } = validate(interactionTypeListQuerySchema, { status: req.query.status });
    const types = await listTypes(db, owner, status);
    const fields = await fieldsOfTypes(db, owner, types.map((t) => t.id));
    res.json({ data: types.map((t) => presentType(t, fields)) });
  });

  router.get(`${typePath}/:id`, async (req, res) => {
    const owner = access.reader(req);
    res.json(await answerType(owner, routeId(req, 'id', TYPE_NOT_FOUND)));
  });

  router.post(typePath, async (req, res) => {
    access.reader(req);
    const input = validate(interactionTypeSchema, req.body);
    const editor = access.typeEditor(req);
    const id = await createType(db, editor, input);
    res.status(201).json(await answerType(editor.owner, id));
  });

  router.put(`${typePath}/:id`, async (req, res) => {
    access.reader(req);
    const id = routeId(req, 'id', TYPE_NOT_FOUND);
    const input = validate(interactionTypeSchema, req.body);
    const editor = access.typeEditor(req);
    await updateType(db, editor, id, input);
    res.json(await answerType(editor.owner, id));
  });

  for (const [action, archived] of [['archive', true], ['restore', false]] as const) {
    router.post(`${typePath}/:id/${action}`, async (req, res) => {
      access.reader(req);
      const id = routeId(req, 'id', TYPE_NOT_FOUND);
      const editor = access.typeEditor(req);
      await setTypeArchived(db, editor, id, archived);
      res.json(await answerType(editor.owner, id));
    });
  }

  router.post(`${typePath}/:id/move`, async (req, res) => {
    access.reader(req);
    const id = routeId(req, 'id', TYPE_NOT_FOUND);
    const { direction } = validate(moveSchema, req.body);
    const editor = access.typeEditor(req);
    await moveType(db, editor, id, direction);
    res.json(await answerType(editor.owner, id));
  });

  router.post(`${typePath}/:id/field`, async (req, res) => {
    access.reader(req);
    const typeId = routeId(req, 'id', TYPE_NOT_FOUND);
    const input = validate(interactionFieldSchema, req.body);
    const editor = access.fieldEditor(req);
    const id = await createField(db, editor, typeId, input);
    res.status(201).json(await answerField(editor.owner, id));
  });

  router.put(`${fieldPath}/:id`, async (req, res) => {
    access.reader(req);
    const id = routeId(req, 'id', FIELD_NOT_FOUND);
    const input = validate(interactionFieldSchema, req.body);
    const editor = access.fieldEditor(req);
    await updateField(db, editor, id, input);
    res.json(await answerField(editor.owner, id));
  });

  for (const [action, archived] of [['archive', true], ['restore', false]] as const) {
    router.post(`${fieldPath}/:id/${action}`, async (req, res) => {
      access.reader(req);
      const id = routeId(req, 'id', FIELD_NOT_FOUND);
      const editor = access.fieldEditor(req);
      await setFieldArchived(db, editor, id, archived);
      res.json(await answerField(editor.owner, id));
    });
  }

  router.post(`${fieldPath}/:id/move`, async (req, res) => {
    access.reader(req);
    const id = routeId(req, 'id', FIELD_NOT_FOUND);
    const { direction } = validate(moveSchema, req.body);
    const editor = access.fieldEditor(req);
    await moveField(db, editor, id, direction);
    res.json(await answerField(editor.owner, id));
  });

  return router;
}

/** Interaction settings: a district's types and fields, and the provider's defaults in the admin area. */
export function interactionTypeRoutes(deps: Deps): Router {
  const router = Router();
  router.use(typeRouter(deps, '', { reader: districtReader, typeEditor: districtManager, fieldEditor: districtFieldManager }));
  router.use(typeRouter(deps, '/admin', { reader: adminReader, typeEditor: adminManager, fieldEditor: adminManager }));
  return router;
}
