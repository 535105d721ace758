// The reference's description of this feature's routes (server/http/apiDoc.ts; checked by server/openapi/openapi.test.ts).
import { PERMISSIONS as P } from '../../../common/permissions';
import { importMappingSchema, importRowsQuerySchema, importRunSchema, interactionExportQuerySchema } from '../../../common/schemas/imports';
import type { ApiArea } from '../../http/apiDoc';

const anImport = 'The import: file, status, mapping, counts.';
const staffImporter = { who: 'district', permissions: [P.addStaff], description: 'District-wide `add staff`, on a plan with CSV import.' } as const;
const staffReader = { who: 'district', permissions: [P.addStaff], description: 'District-wide `add staff`.' } as const;
const userImporter = { who: 'provider', permissions: [P.seeAllDistricts] } as const;
const admin = '/api/admin/district/{districtId}/user-import';

export const importApi: ApiArea = {
  tag: 'Export and import',
  description: 'CSV exports, the staff import (CSV and OneRoster) and the admin User CSV Import.',
  operations: {
    'GET /api/export/staff.csv': { summary: 'Export educators', who: 'district', permissions: [P.seeEducators], answer: 'csv', description: 'District-wide `see educators`.' },
    'GET /api/export/users.csv': { summary: 'Export logins', who: 'district', permissions: [P.manageCoaches], answer: 'csv' },
    'GET /api/export/interactions.csv': {
      summary: 'Export interactions', who: 'district', permissions: [P.seeActivity], query: interactionExportQuerySchema, answer: 'csv', description: 'District-wide `see activity`.',
    },
    'GET /api/export/skill-ratings.csv': {
      summary: 'Export skill ratings', who: 'district', permissions: [P.seeSkillMapping], feature: 'skill-mapping', answer: 'csv', description: 'District-wide `see skill mapping`.',
    },
    'GET /api/import': { summary: 'Staff imports', ...staffReader, answer: 'page', answerSchema: 'Import', answerText: 'One page of imports (`Import`); `meta.can_import` says whether the caller may start one.' },
    'POST /api/import/staff': {
      summary: 'Upload a staff file', ...staffImporter, upload: 'multipart/form-data', status: 201, errors: [413, 429],
      description: `${staffImporter.description} A CSV, or OneRoster's users.csv, orgs.csv and roles.csv (or their zip); up to 10 MB.`, answerText: anImport, answerSchema: 'Import',
    },
    'GET /api/import/{id}': { summary: 'One staff import', ...staffReader, answerText: anImport, answerSchema: 'Import' },
    'PUT /api/import/{id}/mapping': { summary: "Map the file's columns", ...staffImporter, body: importMappingSchema, errors: [409], answerText: anImport, answerSchema: 'Import' },
    'POST /api/import/{id}/preview': { summary: 'Preview a staff import', ...staffImporter, errors: [409], answerText: 'What running it would do, nothing written.', answerSchema: 'ImportPreview' },
    'POST /api/import/{id}/run': { summary: 'Run a staff import', ...staffImporter, body: importRunSchema, errors: [409], description: 'In one transaction.', answerText: anImport, answerSchema: 'Import' },
    'GET /api/import/{id}/rows': { summary: "A staff import's rows", ...staffReader, query: importRowsQuerySchema, answer: 'page', answerSchema: 'ImportRow' },
    'GET /api/import/{id}/failed.csv': { summary: "A staff import's failed rows", ...staffReader, answer: 'csv' },
    [`GET ${admin}`]: { summary: "A district's user imports", ...userImporter, answer: 'page', answerSchema: 'Import', answerText: 'One page of imports (`Import`); `meta.district` names the district.' },
    [`POST ${admin}`]: { summary: 'Upload a user file for a district', ...userImporter, upload: 'multipart/form-data', status: 201, errors: [413, 429], answerText: anImport, answerSchema: 'Import' },
    [`GET ${admin}/{id}`]: { summary: 'One user import', ...userImporter, answerText: anImport, answerSchema: 'Import' },
    [`PUT ${admin}/{id}/mapping`]: { summary: "Map a user file's columns", ...userImporter, body: importMappingSchema, errors: [409], answerText: anImport, answerSchema: 'Import' },
    [`POST ${admin}/{id}/preview`]: { summary: 'Preview a user import', ...userImporter, errors: [409], answerText: 'What running it would do, nothing written.', answerSchema: 'ImportPreview' },
    [`POST ${admin}/{id}/run`]: { summary: 'Run a user import', ...userImporter, errors: [409], answerText: anImport, answerSchema: 'Import' },
    [`GET ${admin}/{id}/rows`]: { summary: "A user import's rows", ...userImporter, query: importRowsQuerySchema, answer: 'page', answerSchema: 'ImportRow' },
    [`GET ${admin}/{id}/failed.csv`]: { summary: "A user import's failed rows", ...userImporter, answer: 'csv' },
  },
};
