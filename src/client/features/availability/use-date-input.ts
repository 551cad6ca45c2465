import { useState } from 'react';
import { isCalendarDate } from '../../../domain/time/clock';

/** The date field's text, and `pick` (a day chosen) and `onDateChange` (a day typed); `show` puts the day in the URL. */
export function useDateInput(date: string | undefined, show: (date: string) => void) {
  // The input may hold a half-typed date; it follows the URL whenever the chosen day changes,
  // in the same render as the day it shows (Back must never paint the new day under the old date).
  const [inputValue, setInputValue] = useState(date ?? '');
  const [followed, setFollowed] = useState(date);
  if (date !== followed) {
    setFollowed(date);
    if (date) setInputValue(date);
  }

  const pick = (value: string) => {
    setInputValue(value);
    if (value !== date) show(value);
  };
  const onDateChange = (value: string) => {
    setInputValue(value);
    // While a year is typed digit by digit the input reports 0002, 0020, 0202: not days to show.
    const halfTypedYear = value.startsWith('0');
    if (isCalendarDate(value) && !halfTypedYear && value !== date) show(value);
  };
  return [inputValue, pick, onDateChange] as const;
}
