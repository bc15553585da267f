import type { ComponentType } from 'react';
import type { StrapiApp } from '@strapi/strapi/admin';

/**
 * The CMS panel's own additions (issue #24, item 4): a unit's project is chosen by its name. The
 * value stays the integer `projectId` the portal's set-based SQL reads; only the input changes.
 * The server half is registered in src/index.ts (register) with the same name.
 */
export default {
  config: { locales: [] },
  register(app: StrapiApp) {
    app.customFields.register({
      name: 'project-picker',
      type: 'integer',
      intlLabel: { id: 'project-picker.label', defaultMessage: 'Project' },
      intlDescription: { id: 'project-picker.description', defaultMessage: 'A project, chosen by its name; stored as its id' },
      // The registry types inputs as ComponentType<{}>; the content manager passes the field's props (name, value, onChange...).
      components: { Input: async () => import('./components/project-picker').then((module) => ({ default: module.ProjectPicker as ComponentType })) },
    });
  },
};
