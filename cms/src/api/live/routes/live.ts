import { signedIn } from '../../../http/route-config';

// The live-availability streams (issue #27; types/src/api/events.ts): signed-in users, each given
// only what their own lists show. A project the viewer may not see answers 404 like a missing one.

export default {
  type: 'content-api',
  routes: [
    { method: 'GET', path: '/projects/:id/events', handler: 'api::live.live.projectEvents', config: signedIn() },
    { method: 'GET', path: '/events', handler: 'api::live.live.allEvents', config: signedIn() },
  ],
};
