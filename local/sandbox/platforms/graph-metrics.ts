import { createHash } from 'node:crypto';
import type { SandboxContext } from '../context';
import type { PublishedPost } from '../publish-store';

/**
 * The counts a sandbox post has earned `seconds` after the sandbox received it: each count
 * follows A·(1 − e^(−t/τ)), so it grows fast at first and levels off, never goes down, and is the same
 * for the same post id and age. A (the count it levels off at) and τ (how fast it gets there) come from
 * a hash of the id, so posts differ from each other believably.
 */
export interface GrownCounts {
  readonly views: number;
  readonly reach: number;
  readonly likes: number;
  readonly comments: number;
  readonly shares: number;
  readonly saves: number;
}

/** Eight bytes of the id's hash, each as a fraction in [0, 1). */
function fractions(id: string): number[] {
  const digest = createHash('sha256').update(`metrics:${id}`).digest();
  return Array.from({ length: 8 }, (_, i) => digest.readUInt16BE(i * 2) / 65536);
}

export function grownCounts(id: string, seconds: number): GrownCounts {
  const [a, tau, r, l, c, s, v] = fractions(id) as [number, number, number, number, number, number, number, number];
  const t = Math.max(0, seconds);
  // Levels off at 300 … 20,300 views; two thirds of the growth within 2 … 36 hours.
  const finalViews = 300 + Math.floor(a * 20_000);
  const timeConstant = (2 + tau * 34) * 3600;
  const share = 1 - Math.exp(-t / timeConstant);
  const grown = (final: number) => Math.floor(final * share);
  const views = grown(finalViews);
  return {
    views,
    // Reach is people, views are times seen: never more people than views.
    reach: Math.min(views, grown(finalViews * (0.6 + r * 0.3))),
    likes: grown(finalViews * (0.03 + l * 0.07)),
    comments: grown(finalViews * (0.002 + c * 0.01)),
    shares: grown(finalViews * (0.002 + s * 0.008)),
    saves: grown(finalViews * (0.003 + v * 0.015)),
  };
}

/** A published sandbox post's counts now, on the sandbox clock. */
export function countsNow(ctx: SandboxContext, post: PublishedPost): GrownCounts {
  return grownCounts(post.id, (ctx.state.now() - post.createdAt) / 1000);
}

/** One field of a Graph `fields=` list: `reactions.summary(total_count).limit(0)` → name `reactions`, modifiers summary and limit. */
export interface GraphField {
  readonly name: string;
  readonly modifiers: Readonly<Record<string, string>>;
}

/**
 * Parses `fields=a,b.summary(true).limit(0),c{d,e}` at the top level (commas inside parentheses or
 * braces belong to their field). Nested `{…}` field lists are kept out of the name.
 */
export function parseGraphFields(param: string | null): GraphField[] {
  if (!param) return [];
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of param) {
    if (ch === '(' || ch === '{') depth++;
    if (ch === ')' || ch === '}') depth = Math.max(0, depth - 1);
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts
    .map((p) => p.trim().replace(/\{.*\}$/, ''))
    .filter(Boolean)
    .map((p) => {
      const [name, ...rest] = p.split('.');
      const modifiers: Record<string, string> = {};
      for (const m of rest) {
        const match = /^(\w+)\((.*)\)$/.exec(m);
        if (match) modifiers[match[1]!] = match[2]!;
      }
      return { name: name!, modifiers };
    });
}

/** An insights row as Graph gives it: one lifetime value. */
export function insightRow(objectId: string, name: string, value: unknown, title: string, description: string) {
  return { name, period: 'lifetime', values: [{ value }], title, description, id: `${objectId}/insights/${name}/lifetime` };
}

/** The metric names in `metric=a,b` (also `metric=[\"a\",\"b\"]`, which Graph accepts). */
export function metricNames(param: string | null): string[] {
  return (param ?? '')
    .replace(/[[\]"\s]/g, '')
    .split(',')
    .filter(Boolean);
}
