const parts = new Intl.DateTimeFormat('id-ID', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '22 Nov 2026 08:00' in the browser's zone: a colon, not id-ID's dot. */
export function formatInstant(iso: string): string {
  const values = Object.fromEntries(
    parts
      .formatToParts(new Date(iso))
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, part.value]),
  );
  return `${values.day} ${values.month} ${values.year} ${values.hour}:${values.minute}`;
}
