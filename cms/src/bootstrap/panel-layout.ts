import type { Core } from '@strapi/strapi';
import { service as strapiService, type PanelFieldMetadata } from '../server/services';

/**
 * What the CMS panel shows content staff for projects and units (issue #24, item 4): labels in the
 * portal's words, a description on every field saying what it means in the portal and who sees it,
 * and list columns staff look for. Written into the content manager's stored view configuration at
 * every start, through its own configuration service, so the words live in code and review.
 */

interface FieldText {
  label: string;
  description: string;
  /** Shown but not typed into: the portal owns these, the panel only displays them. */
  readOnly?: boolean;
  /** For a component: the entry's field that titles each entry. */
  mainField?: string;
}

const UNIT_FIELDS: Record<string, FieldText> = {
  projectId: {
    label: 'Project',
    description: "The project this unit belongs to, chosen by its name (kept as the project's id). Set when the unit is created.",
  },
  unitNumber: { label: 'Unit number', description: 'Unique within its project. Admins and agents see it on every list and card.' },
  name: { label: 'Name', description: 'Optional; the unit page falls back to it when there is no unit number. Admins and agents see it.' },
  unitType: { label: 'Unit type', description: "For example 2 Bedroom. Groups units in the portal's filters and image sharing. Admins and agents see it." },
  floor: { label: 'Floor', description: 'Text, for example 12 or G. Admins and agents see it.' },
  price: {
    label: 'Price',
    description: "In the project's currency (AED for Dubai, QAR for Doha). Admins and agents see it; every change is recorded in the unit's history.",
  },
  area: { label: 'Area (sqft)', description: 'Two decimals. Admins and agents see it.' },
  size: { label: 'Size (sqft)', description: 'Shown instead of the area when set. Admins and agents see it.' },
  bedrooms: { label: 'Bedrooms', description: 'A whole number. Admins and agents see it.' },
  bathrooms: { label: 'Bathrooms', description: 'In half steps (2.5). Admins and agents see it.' },
  view: { label: 'View', description: 'For example Sea View. Admins and agents see it.' },
  description: { label: 'Description', description: 'Shown on the unit page to admins and agents.' },
  features: { label: 'Features', description: 'One text, features separated by commas; shown as chips to admins and agents.' },
  unitStatus: {
    label: 'Status',
    description:
      "Agents see only available, sold and reserved units; unavailable and occupied units are seen by admins only. Every change is recorded in the unit's history.",
  },
  available: { label: 'Available', description: 'True on creation. The status, not this flag, decides what agents see.' },
  visibleTo: { label: 'Visible to', description: "Copied from the project's Visible To: the agent regions that see this unit.", readOnly: true },
  images: {
    label: 'Images',
    description: "Managed in the portal's Image Management (uploads, featured image, sharing); shown here only.",
    readOnly: true,
    mainField: 'name',
  },
  notifyAgents: {
    label: 'E-mail agents on save',
    description:
      "Not stored: applies to this save only. Ticked, creating the unit, or changing its status to available, e-mails the agents who see the project (as the portal's Send Email Notification to all). Nothing is sent otherwise, and a failed e-mail never undoes the save.",
  },
  revision: {
    label: 'Revision',
    description:
      'Moves with every save. The panel sends back the one it loaded, so a save over a newer change (made in the portal or here) is refused: reload and redo it.',
    readOnly: true,
  },
};

const PROJECT_FIELDS: Record<string, FieldText> = {
  name: { label: 'Name', description: 'Required. Shown on the dashboard cards to admins and to the agents who see the project.' },
  location: {
    label: 'Location',
    description: 'Required. Shown with the name; a location naming Dubai or Doha also places the card in that section for admins.',
  },
  description: { label: 'Description', description: 'Shown on the project page to admins and agents.' },
  projectType: { label: 'Project type', description: 'For example tower or villa; decides the crop of the project image.' },
  visibleTo: {
    label: 'Visible to',
    description:
      'Which agent regions see the project and its units: ["dubai"], ["doha"], ["dubai","doha"], or [] for admins only. A change is copied to every unit.',
  },
  imageUrl: { label: 'Image', description: "Set by the portal's property image upload; shown here only.", readOnly: true },
  imageMetadata: { label: 'Image crop', description: "Set by the portal's image editor; shown here only.", readOnly: true },
};

const HISTORY_FIELDS: Record<string, FieldText> = {
  unitId: { label: 'Unit (id)', description: 'The id of the unit; it stays after the unit is deleted.', readOnly: true },
  projectId: { label: 'Project (id)', description: "The id of the unit's project at the time.", readOnly: true },
  unitNumber: { label: 'Unit number', description: 'The unit number at the time.', readOnly: true },
  action: { label: 'Action', description: 'Created, deleted, a status or price change, sale details saved, archived or unarchived.', readOnly: true },
  before: { label: 'Before', description: 'The values before the change.', readOnly: true },
  after: { label: 'After', description: 'The values after the change.', readOnly: true },
  actorEmail: { label: 'By', description: 'Who made the change: a portal admin or a member of content staff.', readOnly: true },
  source: { label: 'Via', description: "The door: the portal or the CMS panel. Admins see this history on the portal's unit page.", readOnly: true },
};

// A unit's images (a repeatable component): each entry is titled by the image's name and shows the
// picture itself (the image-thumbnail custom field on url, src/admin/components/image-thumbnail.tsx).
const IMAGE_FIELDS: Record<string, FieldText> = {
  url: { label: 'Image', description: 'The stored picture, as admins and agents see it in the portal.', readOnly: true },
  name: { label: 'Name', description: "The file's name, the picture's alt text.", readOnly: true },
  featured: { label: 'Featured', description: "The unit's one featured image, shown first on its card.", readOnly: true },
  isSourceUnit: { label: 'Shared from this unit', description: 'Uploaded to this unit, rather than shared to it from another.', readOnly: true },
  imageId: { label: 'Image id', description: "The portal's id for this image.", readOnly: true },
};

const COMPONENT_LAYOUTS: Record<string, { fields: Record<string, FieldText>; mainField: string }> = {
  'unit.image': { fields: IMAGE_FIELDS, mainField: 'name' },
};

const LAYOUTS: Record<string, { fields: Record<string, FieldText>; list: string[]; mainField: string; sort?: [string, 'ASC' | 'DESC'] }> = {
  'api::unit.unit': { fields: UNIT_FIELDS, list: ['unitNumber', 'projectId', 'unitType', 'unitStatus', 'price'], mainField: 'unitNumber' },
  'api::project.project': { fields: PROJECT_FIELDS, list: ['id', 'name', 'location', 'visibleTo'], mainField: 'name' },
  // Read-only: written with each change by the portal's services; panel-door refuses its writes.
  'api::unit-history.unit-history': {
    fields: HISTORY_FIELDS,
    list: ['createdAt', 'unitNumber', 'action', 'actorEmail', 'source'],
    mainField: 'unitNumber',
    sort: ['createdAt', 'DESC'],
  },
};

const withTexts = (metadatas: Record<string, PanelFieldMetadata> | undefined, fields: Record<string, FieldText>) => {
  const next = { ...metadatas };
  for (const [field, text] of Object.entries(fields)) {
    const existing = next[field] ?? {};
    next[field] = {
      ...existing,
      edit: {
        ...existing.edit,
        label: text.label,
        description: text.description,
        ...(text.readOnly ? { editable: false } : {}),
        ...(text.mainField ? { mainField: text.mainField } : {}),
      },
      list: { ...existing.list, label: text.label },
    };
  }
  return next;
};

export const applyPanelLayouts = async (strapi: Core.Strapi) => {
  const components = strapiService(strapi, 'plugin::content-manager.components');
  for (const [uid, layout] of Object.entries(COMPONENT_LAYOUTS)) {
    const current = await components.findConfiguration({ uid });
    await components.updateConfiguration(
      { uid },
      { settings: { ...current.settings, mainField: layout.mainField }, metadatas: withTexts(current.metadatas, layout.fields), layouts: current.layouts },
    );
  }
  const service = strapiService(strapi, 'plugin::content-manager.content-types');
  for (const [uid, layout] of Object.entries(LAYOUTS)) {
    const current = await service.findConfiguration({ uid });
    const metadatas = withTexts(current.metadatas, layout.fields);
    await service.updateConfiguration(
      { uid },
      {
        settings: {
          ...current.settings,
          mainField: layout.mainField,
          defaultSortBy: layout.sort?.[0] ?? layout.mainField,
          defaultSortOrder: layout.sort?.[1] ?? 'ASC',
        },
        metadatas,
        layouts: { ...current.layouts, list: layout.list },
      },
    );
  }
};
