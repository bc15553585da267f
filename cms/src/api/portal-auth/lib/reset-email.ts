/**
 * The password reset e-mail. A fixed template: user data is never evaluated as template code
 * (CVE-2023-22621), and the link is HTML-escaped all the same, as any text put into HTML is.
 */
const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

export const resetEmail = (link: string) => ({
  subject: 'Reset your Property Portal password',
  text: [
    'Hello,',
    '',
    'Someone asked to reset the password of your Property Portal account. To choose a new password, open this link:',
    link,
    '',
    'The link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail: your password stays as it is.',
  ].join('\n'),
  html: [
    '<p>Hello,</p>',
    '<p>Someone asked to reset the password of your Property Portal account. To choose a new password, open this link:</p>',
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    '<p>The link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail: your password stays as it is.</p>',
  ].join('\n'),
});
