import type { Core } from '@strapi/strapi';

// strictParams rejects unknown query keys (CVE-2026-27886); see shared/design/notes/security-plan.md §1.
const config: Core.Config.Api = {
  rest: { defaultLimit: 25, maxLimit: 100, withCount: true, strictParams: true },
  documents: { strictParams: true },
};

export default config;
