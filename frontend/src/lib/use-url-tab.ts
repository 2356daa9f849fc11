import { useSearchParams } from 'react-router-dom';

/**
 * The open tab of a page, kept in the URL as ?tab= (a reload or a shared link opens the same tab;
 * switching replaces the history entry). An unknown or missing value opens `fallback`.
 */
export function useUrlTab<T extends string>(ids: readonly T[], fallback: T): [T, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab = ids.find((id) => id === raw) ?? fallback;
  return [tab, (next) => setParams({ tab: next }, { replace: true })];
}
