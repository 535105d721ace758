// Staff CSV Imports: one import of the district (the district's own imports only; the server answers
// 404 for another district's and 403 without district-wide `add staff`).
import { useParams } from 'react-router-dom';
import type { ScreenProps } from '../../app/routeTable';
import { defineMessages, t } from '../../lib/i18n';
import { STAFF_IMPORTS } from './api';

const m = defineMessages({
  exportImport: { id: 'exportImport.breadcrumb', defaultMessage: 'Export and import' },
});
import { ImportDetail } from './components/ImportDetail';

export default function ImportDetailScreen({ route }: ScreenProps) {
  const params = useParams();
  const id = /^[1-9]\d{0,14}$/.test(params.id ?? '') ? Number(params.id) : null;
  return (
    <ImportDetail
      api={STAFF_IMPORTS}
      id={id}
      title={route.title}
      recordLink="/app/staff/"
      breadcrumbs={[{ label: t(m.exportImport), to: '/app/settings/export-import' }, { label: route.title }]}
    />
  );
}
