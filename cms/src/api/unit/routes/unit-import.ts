// CSV import of a project's units (spec §2 Import/Export, §5): parsed, validated and written by the server, admins only.
export default {
  type: 'content-api',
  routes: [
    {
      method: 'POST',
      path: '/projects/:id/units/import',
      handler: 'api::unit.unit-import.importCsv',
      config: { policies: ['global::is-admin'] },
    },
  ],
};
