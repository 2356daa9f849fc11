import type { DailyPoint, PlatformTotals } from '@shared/analytics';
import { PLATFORM_NAMES, perPlatform, type Platform } from '@shared/platforms';

export type DailyMetric = 'views' | 'engagements';

/** One row per day with a column per platform: what a line chart (and its table) plots. */
export type DailyRow = { date: string } & Partial<Record<Platform, number>>;

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Every day from `from` to `to` (a day with no point plots 0), for the platforms that have points. */
export function dailyRows(points: DailyPoint[], metric: DailyMetric, from: string, to: string): { rows: DailyRow[]; platforms: Platform[] } {
  const platforms = [...new Set(points.map((p) => p.platform))];
  const byDate = new Map<string, DailyRow>();
  for (let day = from; day <= to; day = addDays(day, 1)) {
    byDate.set(day, { date: day, ...Object.fromEntries(platforms.map((p) => [p, 0])) });
  }
  for (const point of points) {
    const row = byDate.get(point.date) ?? { date: point.date };
    row[point.platform] = (row[point.platform] ?? 0) + point[metric];
    byDate.set(point.date, row);
  }
  return { rows: [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date)), platforms };
}

/** The change from `before` to `now` as a ratio (0.12 = +12%); null when there was nothing before. */
export function changeRatio(now: number, before: number): number | null {
  if (before === 0) return null;
  return (now - before) / before;
}

export function previousOf(previous: PlatformTotals[] | null, platform: Platform): PlatformTotals | undefined {
  return previous?.find((t) => t.platform === platform);
}

/** One line per platform, each in its brand's hue (X in the text colour: black on light, white on dark): each descriptor's `seriesColor`. */
export const PLATFORM_COLORS: Record<Platform, string> = perPlatform((n) => n.seriesColor);

export function platformSeries(platforms: Platform[]) {
  return platforms.map((p) => ({ key: p, label: PLATFORM_NAMES[p], color: PLATFORM_COLORS[p] }));
}
