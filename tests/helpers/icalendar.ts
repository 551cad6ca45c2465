import ICAL from 'ical.js';

export interface ParsedEvent {
  uid: string;
  summary: string;
  /** The TZID of DTSTART and DTEND (the same for both). */
  timeZone: string;
  /** Wall-clock 'YYYY-MM-DDTHH:MM' in that zone. */
  start: string;
  end: string;
  /** The instants, worked out by ical.js from the file's own VTIMEZONE. */
  startsAt: Date;
  endsAt: Date;
  status: string | null;
  description: string | null;
  /** Each VALARM's TRIGGER as written (`-PT30M`). */
  alarms: string[];
}

export interface ParsedCalendar {
  name: string | null;
  timeZones: string[];
  events: ParsedEvent[];
}

/** Reads an iCalendar file with ical.js (Mozilla's RFC 5545 parser); throws when it is not one. */
export function parseCalendar(text: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(text));
  if (calendar.name !== 'vcalendar') throw new Error(`not a VCALENDAR: ${calendar.name}`);
  const timeZones = calendar.getAllSubcomponents('vtimezone').map((component) => {
    const zone = new ICAL.Timezone(component);
    ICAL.TimezoneService.register(zone, zone.tzid);
    return zone.tzid;
  });
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const startTzid = component.getFirstProperty('dtstart')?.getParameter('tzid');
    const endTzid = component.getFirstProperty('dtend')?.getParameter('tzid');
    if (typeof startTzid !== 'string' || startTzid !== endTzid)
      throw new Error(`DTSTART/DTEND zones differ or lack TZID: ${startTzid} ${endTzid}`);
    const wall = (time: ICAL.Time) => time.toString().slice(0, 16);
    return {
      uid: event.uid,
      summary: event.summary,
      timeZone: startTzid,
      start: wall(event.startDate),
      end: wall(event.endDate),
      startsAt: event.startDate.toJSDate(),
      endsAt: event.endDate.toJSDate(),
      status: (component.getFirstPropertyValue('status') as string | null) ?? null,
      description: event.description ?? null,
      alarms: component.getAllSubcomponents('valarm').map((alarm) => String(alarm.getFirstPropertyValue('trigger'))),
    };
  });
  const name = calendar.getFirstPropertyValue('x-wr-calname') ?? calendar.getFirstPropertyValue('name');
  return { name: typeof name === 'string' ? name : null, timeZones, events };
}

/** Every physical line of the file is at most 75 octets (RFC 5545 §3.1) and ends in CRLF. */
export function lineLengthsWithinLimit(text: string): boolean {
  if (!text.endsWith('\r\n') || /[^\r]\n/.test(text)) return false;
  return text.split('\r\n').every((line) => Buffer.byteLength(line, 'utf8') <= 75);
}
