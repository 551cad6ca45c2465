const formats = new Map<string, Intl.DateTimeFormat>();

/** '22 Nov 2026 08:00' on APP_TIMEZONE's wall clock (not the admin's laptop's): a colon, not id-ID's dot. */
export function formatInstant(iso: string, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('id-ID', {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const values = Object.fromEntries(
    format
      .formatToParts(new Date(iso))
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, part.value]),
  );
  return `${values.day} ${values.month} ${values.year} ${values.hour}:${values.minute}`;
}
