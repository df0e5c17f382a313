// What one parse may spend: steps of its loops over the file, bytes inflated from a ZIP package, characters
// of text produced. Parsers charge it as they work, so a hostile file ends in PARSE_LIMIT_EXCEEDED instead
// of a hung or out-of-memory isolate (a Worker has 128 MB and one CPU budget per queue job).

import { fail } from "./types";

export interface BudgetLimits {
  /** Iterations of the loops that walk binary records, pieces, slides, table cells and text items. */
  maxSteps: number;
  /** Bytes inflated from a ZIP package, summed over every entry read (an entry read twice counts twice). */
  maxInflatedBytes: number;
  /** Bytes one ZIP entry may inflate to: an entry is held whole, then decoded to a string. */
  maxEntryBytes: number;
  /** Characters of text one document may produce (plain text and HTML are cut there instead). */
  maxTextChars: number;
}

export const DEFAULT_BUDGET: BudgetLimits = {
  maxSteps: 4_000_000,
  maxInflatedBytes: 48 * 1024 * 1024,
  maxEntryBytes: 16 * 1024 * 1024,
  maxTextChars: 8_000_000,
};

export class ParseBudget {
  private steps = 0;
  private inflatedBytes = 0;
  private textChars = 0;

  constructor(readonly limits: BudgetLimits = DEFAULT_BUDGET) {}

  /** Charges `n` loop iterations. */
  step(n = 1): void {
    this.steps += n;
    if (this.steps > this.limits.maxSteps) fail("PARSE_LIMIT_EXCEEDED", `the file needs more than ${this.limits.maxSteps} parsing steps`);
  }

  /** Bytes the next ZIP entry may inflate to: the per-entry cap or what the package has left, if less. */
  get entryRoom(): number {
    return Math.max(0, Math.min(this.limits.maxEntryBytes, this.limits.maxInflatedBytes - this.inflatedBytes));
  }

  /** Charges bytes inflated from a ZIP entry (callers check entryRoom first, so this only adds up). */
  inflated(n: number): void {
    this.inflatedBytes += n;
    if (this.inflatedBytes > this.limits.maxInflatedBytes) {
      fail("PARSE_LIMIT_EXCEEDED", `the package inflates to more than ${this.limits.maxInflatedBytes} bytes`);
    }
  }

  /** Charges characters of text produced. */
  text(n: number): void {
    this.textChars += n;
    if (this.textChars > this.limits.maxTextChars) fail("PARSE_LIMIT_EXCEEDED", `the document has more than ${this.limits.maxTextChars} characters of text`);
  }

  /** What this parse has spent so far, for the job's log line. */
  get spent(): { steps: number; inflated_bytes: number; text_chars: number } {
    return { steps: this.steps, inflated_bytes: this.inflatedBytes, text_chars: this.textChars };
  }
}

/** Limits every parser receives (already defaulted by parseDocument). */
export interface ParseLimits {
  maxPages: number;
  /** Upper bound on rows rendered per spreadsheet sheet. */
  maxRowsPerSheet: number;
  budget: ParseBudget;
}
