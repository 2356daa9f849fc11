/**
 * Stripe's request encoding, decoded: the library sends `application/x-www-form-urlencoded` with
 * bracketed keys (`line_items[0][price]=…`, `metadata[userId]=…`, `expand[0]=…`), and GET
 * parameters the same way in the query string. This turns them back into nested objects/arrays.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };

export function decodeForm(text: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const first = /^[^[]+/.exec(rawKey)?.[0];
    if (!first) continue;
    const path = [first, ...[...rawKey.slice(first.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)];
    let node: Record<string, FormValue> | FormValue[] = root;
    for (let i = 0; i < path.length; i++) {
      const key = path[i]!;
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1]!);
      if (Array.isArray(node)) {
        const index = key === '' ? node.length : Number(key);
        if (last) node[index] = value;
        else node = (node[index] ??= nextIsIndex ? [] : {}) as Record<string, FormValue> | FormValue[];
      } else if (last) {
        node[key] = value;
      } else {
        node = (node[key] ??= nextIsIndex ? [] : {}) as Record<string, FormValue> | FormValue[];
      }
    }
  }
  return root;
}

export const asString = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
export const asRecord = (v: FormValue | undefined): Record<string, string> =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? (Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === 'string')) as Record<string, string>)
    : {};
export const asList = (v: FormValue | undefined): FormValue[] =>
  Array.isArray(v) ? v.filter((x) => x !== undefined) : v && typeof v === 'object' ? Object.values(v) : [];
