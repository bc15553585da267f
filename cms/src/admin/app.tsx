import type { ComponentType } from 'react';
import type { StrapiApp } from '@strapi/strapi/admin';

/**
 * The CMS panel's own additions (issue #24, item 4): a unit's project is chosen by its name, and a
 * unit's images show as thumbnails. The values stay the integer `projectId` and the `url` string the
 * portal's SQL reads; only the inputs change. The server halves are registered in src/index.ts
 * (register) with the same names.
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
    app.customFields.register({
      name: 'image-thumbnail',
      type: 'string',
      intlLabel: { id: 'image-thumbnail.label', defaultMessage: 'Image' },
      intlDescription: { id: 'image-thumbnail.description', defaultMessage: "A stored image's url, shown as a read-only thumbnail" },
      components: { Input: async () => import('./components/image-thumbnail').then((module) => ({ default: module.ImageThumbnail as ComponentType })) },
    });
  },
};
