/** A minute of the app's wall clock: `YYYY-MM-DD` and `HH:MM`. */
export interface LocalMoment {
  date: string;
  time: string;
}
