import { FIRST_LOAD_ELEMENT_ID, type FirstLoad } from '../../../domain/first-load';

/**
 * The page's first data, sent inside its HTML (domain/first-load.ts), taken once: later loads
 * ask the server. Undefined when the HTML carries none (another page was opened first, the
 * server could not read it, or the service worker answered offline and dropped it) or when it
 * is for another week. It comes from the same server in the same answer as the page, so it is
 * not parsed with zod, whose chunk would otherwise be waited for before the first paint.
 */
export function takeFirstLoad(weekStart: string | undefined): { data: FirstLoad; receivedAt: number } | undefined {
  const element = document.getElementById(FIRST_LOAD_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  const data = JSON.parse(element.textContent ?? '') as FirstLoad;
  if (weekStart !== undefined && data.week.from !== weekStart) return undefined;
  // The clock was true when the HTML arrived, not when this script ran.
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return { data, receivedAt: performance.timeOrigin + (navigation?.responseStart ?? performance.now()) };
}
