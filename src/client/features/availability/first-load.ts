import { FIRST_LOAD_ELEMENT_ID, type FirstLoad } from '../../../domain/booking/first-load';

/** Taken once. Not parsed with zod: it comes with the page from the same server, and zod's chunk would delay the first paint. */
export function takeFirstLoad(weekStart: string | undefined): { data: FirstLoad; receivedAt: number } | undefined {
  const element = document.getElementById(FIRST_LOAD_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  const data = JSON.parse(element.textContent ?? '') as FirstLoad;
  if (weekStart !== undefined && data.weekStart !== weekStart) return undefined;
  // The clock was true when the HTML arrived, not when this script ran.
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return { data, receivedAt: performance.timeOrigin + (navigation?.responseStart ?? performance.now()) };
}
