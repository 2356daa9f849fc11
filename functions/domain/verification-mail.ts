/**
 * The verification e-mail. Cognito replaces `codeParameter` (the literal "{####}") with the code;
 * the link leads to the SPA's /auth/verify page, which confirms the sign-up. For an account a paid
 * checkout made (`choosePassword`), the page also asks the address's owner for the password.
 */
export function verificationMail(origin: string, email: string, codeParameter: string, choosePassword = false): { subject: string; html: string } {
  const link = `${origin}/auth/verify?email=${encodeURIComponent(email)}&code=${codeParameter}${choosePassword ? '&password=new' : ''}`;
  return {
    subject: 'Verify your Schedule & Autopost email',
    html: [
      '<p>Welcome to Schedule &amp; Autopost!</p>',
      choosePassword
        ? '<p>Someone paid for a plan with this e-mail address. If that was you, confirm the address and choose your password:</p>'
        : `<p>Confirm your email address to finish creating your account:</p>`,
      `<p><a href="${link}">Verify my email</a></p>`,
      `<p>Or enter this code: <strong>${codeParameter}</strong></p>`,
      '<p>If you did not sign up, you can ignore this email.</p>',
    ].join('\n'),
  };
}
