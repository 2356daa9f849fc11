/** User-facing texts that both the browser and the API use (docs/product-rules.md#validation, #messages-and-errors). */
export const MSG = {
  notAuthenticated: 'Not authenticated',
  validationErrorTitle: 'Validation Error',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email must be less than 255 characters',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be less than 72 characters',
  passwordsDontMatch: "Passwords don't match",
  passwordsDontMatchText: 'Please make sure both passwords are the same',
  passwordTooShortTitle: 'Password too short',
  selectPlatform: 'Please select at least one platform',
  youtubeTitleRequired: 'YouTube requires a title',
  youtubeTitleTooLong: 'YouTube title must be 100 characters or less',
  captionExceedsMax: 'Caption exceeds maximum length',
  captionTooLongTitle: 'Caption too long',
  connectAccounts: 'Please connect accounts for selected platforms',
  fileTooLargeTitle: 'File too large',
  accountCreated: 'Account created! Please check your email to verify.',
  welcomeBack: 'Welcome back!',
  dataRefreshed: 'Data refreshed',
  noNotifications: 'No notifications yet',
  messageSent: 'Message Sent!',
  pageNotFound: 'Oops! Page not found',
  unexpectedError: 'Unexpected Application Error!',
  platformLocked: 'Connect account in Settings → Platforms',
} as const;

export function captionOverLimitMessage(platformLabel: string, limit: number, current: number): string {
  return `${platformLabel} caption exceeds limit of ${limit} characters (current: ${current})`;
}
