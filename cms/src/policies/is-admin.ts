import type { Core } from '@strapi/strapi';
import { roleTypeOf } from '../http/auth-state';

/** Admits only signed-in portal admins (users-permissions role type 'admin'). */
const isAdmin: Core.PolicyHandler = (policyContext) => roleTypeOf(policyContext) === 'admin';

export default isAdmin;
