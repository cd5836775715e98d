/** A day in milliseconds (UTC days have no leap seconds in JavaScript's clock). The one place it is written. */
export const DAY_MS = 86_400_000;
