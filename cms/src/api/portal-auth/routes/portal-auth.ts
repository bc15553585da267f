import { open, signedIn } from '../../../http/route-config';

/**
 * The sign-in, session and account routes of types/src/api/auth.ts (paths under /api).
 *
 * Public routes are `auth: false`: they need no permission of any role (the public role holds
 * none), carry their own input checks and database-backed limits, and work even when the browser
 * still holds an ended session's cookie. The others need a live session and the role permission
 * of their action (admin and agent hold them; see src/bootstrap/permissions.ts).
 */

export default {
  type: 'content-api',
  routes: [
    { method: 'POST', path: '/portal-auth/login', handler: 'session.login', config: open() },
    { method: 'POST', path: '/portal-auth/login/send-code', handler: 'session.sendCode', config: open() },
    { method: 'POST', path: '/portal-auth/login/verify', handler: 'session.verify', config: open() },
    { method: 'POST', path: '/portal-auth/logout', handler: 'session.logout', config: open() },
    { method: 'POST', path: '/portal-auth/forgot-password', handler: 'password-reset.forgotPassword', config: open() },
    { method: 'POST', path: '/portal-auth/reset-password', handler: 'password-reset.resetPassword', config: open() },
    { method: 'GET', path: '/portal-auth/me', handler: 'account.me', config: signedIn() },
    { method: 'PUT', path: '/portal-auth/me', handler: 'account.updateMe', config: signedIn() },
    { method: 'POST', path: '/portal-auth/change-password', handler: 'account.changePassword', config: signedIn() },
    { method: 'POST', path: '/portal-auth/delete-account', handler: 'account.deleteAccount', config: signedIn() },
    { method: 'POST', path: '/portal-auth/two-factor/start', handler: 'two-factor.start', config: signedIn() },
    { method: 'POST', path: '/portal-auth/two-factor/confirm', handler: 'two-factor.confirm', config: signedIn() },
    { method: 'POST', path: '/portal-auth/two-factor/disable', handler: 'two-factor.disable', config: signedIn() },
  ],
};
