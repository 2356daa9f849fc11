import { describe, expect, it } from 'vitest';
import { system } from '@/components/ui/system';

/** WCAG relative luminance and contrast of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** A colour token's #hex in one theme, following semantic conditions and {colors.x.y} references. */
function colorIn(theme: '_light' | '_dark', path: string): string {
  const token = system.tokens.getByName(`colors.${path}`);
  if (!token) throw new Error(`no colour ${path}`);
  const conditions = token.extensions.conditions as Record<string, string> | undefined;
  const value = conditions ? (conditions[theme] ?? conditions.base!) : (token.originalValue as string);
  const ref = /^\{colors\.(.+)\}$/.exec(value);
  return ref ? colorIn(theme, ref[1]!) : value;
}

describe('the theme', () => {
  it.each(['_light', '_dark'] as const)('draws an off switch that stands out from the panel it sits on (%s, ≥ 3:1)', (theme) => {
    const recipe = system.getSlotRecipe('switch') as unknown as { variants: { variant: { solid: { control: { bg: string } } } } };
    const track = recipe.variants.variant.solid.control.bg;
    expect(contrast(colorIn(theme, track), colorIn(theme, 'bg.panel'))).toBeGreaterThanOrEqual(3);
  });

  it.each(['_light', '_dark'] as const)('puts button text on the brand colour at WCAG AA, 4.5:1 (%s)', (theme) => {
    // Every solid brand button and badge draws brand.contrast on brand.solid (axe flagged 4.46:1 in dark).
    expect(
      contrast(colorIn(theme, 'brand.contrast') === 'white' ? '#ffffff' : colorIn(theme, 'brand.contrast'), colorIn(theme, 'brand.solid')),
    ).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['_light', '_dark'] as const)('puts white on the red of Delete buttons and the unread badge at 4.5:1 (%s)', (theme) => {
    expect(contrast('#ffffff', colorIn(theme, 'red.solid'))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['_light', '_dark'] as const)('draws error text on the page at 4.5:1 (%s)', (theme) => {
    expect(contrast(colorIn(theme, 'fg.error'), colorIn(theme, 'bg.panel'))).toBeGreaterThanOrEqual(4.5);
  });
});
