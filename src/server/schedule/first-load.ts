import { jsonForScriptElement } from '../../domain/booking/first-load';
import { isInWindow, weekShown } from '../../domain/booking/schedule-window';
import { isCalendarDate } from '../../domain/time/clock';
import type { AppContext } from '../context';
import { dayAnswer, scheduleClock, weekAnswer } from './service';

/** Built from the same kept answers as the API, so it costs one version read. */
export function firstLoadFor({ config, db, now }: AppContext): (url: string) => Promise<string> {
  return async (url) => {
    // Whole seconds: the page shows minutes, and the same second gives the same page, compressed once (spa/routes.ts).
    const at = new Date(Math.floor(now().getTime() / 1000) * 1000);
    const clock = await scheduleClock(db, config, at);
    const requested = new URL(url, 'http://host').searchParams.get('tanggal') ?? '';
    const { weekStart, days } = weekShown(isCalendarDate(requested) ? requested : clock.today, clock.window);
    const todayInWeek = days !== undefined && isInWindow(clock.today, days);
    const [week, today] = await Promise.all([
      days && weekAnswer(db, days.from, days.to),
      todayInWeek ? undefined : dayAnswer(db, clock.today),
    ]);
    const parts = [
      `"clock":${JSON.stringify(clock)}`,
      `"weekStart":"${weekStart}"`,
      ...(week ? [`"week":${week.body}`] : []),
      ...(today ? [`"today":${today.body}`] : []),
    ];
    return jsonForScriptElement(`{${parts.join(',')}}`);
  };
}
