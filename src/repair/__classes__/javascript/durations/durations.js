/** Minutes each [start, end] event lasted, start and end in minutes of the day. */
export function durations(events) {
  return events.map(([start, end]) => start - end);
}
