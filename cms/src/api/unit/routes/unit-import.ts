import { adminOnly } from '../../../http/route-config';

// CSV import and export of a project's units (spec §2 Import/Export, §5), admins only: the import is
// parsed, validated and written by the server; the export answers the rows the browser turns into CSV.

export default {
  type: 'content-api',
  routes: [
    {
      method: 'POST',
      path: '/projects/:id/units/import',
      handler: 'api::unit.unit-import.importCsv',
      config: adminOnly(),
    },
    {
      method: 'GET',
      path: '/projects/:id/units/export',
      handler: 'api::unit.unit-import.exportRows',
      config: adminOnly(),
    },
  ],
};
