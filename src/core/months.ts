// The months' names: one list for every reader and writer of dates (filings' headers, table columns, chat
// answers, TTSQL questions, spreadsheet date formats).

/** The months' names, January first. */
export const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

const ABBREVIATIONS = MONTH_NAMES.map((m) => m.slice(0, 3).toLowerCase());

/** The month (1-12) a name, or a word starting with a month's first three letters, names ("Jul", "july", "Sept"); 0 when none. */
export function monthNumber(name: string): number {
  return ABBREVIATIONS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}
