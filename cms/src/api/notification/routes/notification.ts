import { adminOnly } from '../../../http/route-config';

// E-mail notifications about units (spec §2 e-mail modal, §6 recipients, §7 send notification): admins only.

export default {
  type: 'content-api',
  routes: [
    {
      method: 'GET',
      path: '/projects/:id/notification-recipients',
      handler: 'api::notification.notification.recipients',
      config: adminOnly('mode'),
    },
    { method: 'POST', path: '/notifications/units', handler: 'api::notification.notification.sendUnits', config: adminOnly() },
    { method: 'POST', path: '/notifications/units/preview', handler: 'api::notification.notification.previewUnits', config: adminOnly() },
  ],
};
