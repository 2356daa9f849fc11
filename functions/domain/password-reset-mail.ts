/**
 * The password-reset e-mail. Cognito replaces `codeParameter` (the literal "{####}") with the code;
 * the link leads to the SPA's forgot-password page with the code filled in.
 */
export function passwordResetMail(origin: string, email: string, codeParameter: string): { subject: string; html: string } {
  const link = `${origin}/auth/forgot-password?email=${encodeURIComponent(email)}&code=${codeParameter}`;
  return {
    subject: 'Reset your Schedule & Autopost password',
    html: [
      '<p>Someone asked to reset the password of your Schedule &amp; Autopost account.</p>',
      `<p><a href="${link}">Set a new password</a></p>`,
      `<p>Or enter this code: <strong>${codeParameter}</strong></p>`,
      '<p>Setting a new password signs you out everywhere. If you did not ask for this, ignore this e-mail: your password stays as it is.</p>',
    ].join('\n'),
  };
}
