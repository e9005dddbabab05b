const pad = (value: number) => String(value).padStart(2, '0');

/** The local calendar date of `time` as `YYYY-MM-DD` (file names, a `<time>` element's date). */
export function localDate(time: number): string {
  const date = new Date(time);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local time of `time` as `HH-MM-SS`, a form file names can carry. */
export function localTime(time: number): string {
  const date = new Date(time);
  return `${pad(date.getHours())}-${pad(date.getMinutes())}-${pad(date.getSeconds())}`;
}
