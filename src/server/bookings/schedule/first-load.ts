import { appClockAt, isCalendarDate } from '../../../domain/clock';
import { jsonForScriptElement, weekShownFor } from '../../../domain/first-load';
import type { AppContext } from '../../context';
import { dayAnswer, weekAnswer } from './service';

/** Built from the same kept answers as the API, so it costs one version read. */
export function firstLoadFor({ config, db, now }: AppContext): (url: string) => Promise<string> {
  return async (url) => {
    // Whole seconds: the page shows minutes, and the same second gives the same page, compressed once (spa/routes.ts).
    const at = new Date(Math.floor(now().getTime() / 1000) * 1000);
    const clock = appClockAt(config.timeZone, at);
    const requested = new URL(url, 'http://host').searchParams.get('tanggal') ?? '';
    const { from, to } = weekShownFor(clock.today, isCalendarDate(requested) ? requested : undefined);
    const todayInWeek = clock.today >= from && clock.today <= to;
    const [week, today] = await Promise.all([weekAnswer(db, from, to), todayInWeek ? undefined : dayAnswer(db, clock.today)]);
    const parts = [`"clock":${JSON.stringify(clock)}`, `"week":${week.body}`, ...(today ? [`"today":${today.body}`] : [])];
    return jsonForScriptElement(`{${parts.join(',')}}`);
  };
}
