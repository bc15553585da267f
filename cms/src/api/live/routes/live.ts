import { refuseQuery } from '../../../middlewares/refuse-query';

// The live-availability streams (issue #27; types/src/api/events.ts): signed-in users, each given
// only what their own lists show. A project the viewer may not see answers 404 like a missing one.
const noQuery = { middlewares: [refuseQuery()] };

export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/projects/:id/events', handler: 'api::live.live.projectEvents', config: noQuery },
    { method: 'GET', path: '/events', handler: 'api::live.live.allEvents', config: noQuery },
  ],
};
