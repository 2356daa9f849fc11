/** The browser's preferred locale (the user's), for numbers shown to them. */
export function userLocale(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator.languages?.[0] ?? navigator.language);
}

/** "12,345" in en-US, "12.345" in de-DE: counts (views, likes…) in the user's locale. */
export function formatCount(value: number): string {
  return new Intl.NumberFormat(userLocale()).format(value);
}

/** A change as a signed percentage in the user's locale ("+12%", "−5%"). */
export function formatChange(ratio: number): string {
  return new Intl.NumberFormat(userLocale(), { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' }).format(ratio);
}
