// Johnson & Johnson's 8-K of August 30, 2023, its updated 2023 guidance table as the PDF's text layer gives it:
// the August 2023 column (excluding Consumer Health) and the July 2023 column (including it), each block two
// labels, then the August column's two value lines and the July column's. Shared by the stacked-table and
// superseded-column tests.

/** The title, the columns' months and the one-line adjusted operational sales row. */
export const GUIDANCE_HEADER = [
  "UPDATED FULL-YEAR 2023 GUIDANCE:",
  "($ in Billions, except EPS; Shares in Millions) August 2023",
  "(excl. Consumer Health) July 2023",
  "(incl. Consumer Health)",
  "Adjusted Operational Sales",
  "Change vs. Prior Year / Mid-point 6.2% \u2013 7.2% / 6.7% 6.0% \u2013 7.0% / 6.5%",
];

export const OPERATIONAL_SALES = [
  "Operational Sales / Mid-point",
  "Change vs. Prior Year / Mid-point",
  "$83.6B \u2013 $84.4B / $84.0B",
  "7.5% \u2013 8.5% / 8.0%",
  "$99.3B \u2013 $100.3B / $99.8B",
  "7.0% \u2013 8.0% / 7.5%",
];

export const REPORTED_SALES = [
  "Reported Sales / Mid-point",
  "Change vs. Prior Year / Mid-point",
  "$83.2B \u2013 $84.0B / $83.6B",
  "7.0% \u2013 8.0% / 7.5%",
  "$98.8B \u2013 $99.8B / $99.3B",
  "6.5% \u2013 7.5% / 7.0%",
];

export const ADJUSTED_OPERATIONAL_EPS = [
  "Adjusted Operational EPS (Diluted) / Mid-point",
  "Change vs. Prior Year / Mid-point",
  "$9.90 \u2013 $10.00 / $9.95",
  "11.0% \u2013 12.0% / 11.5%",
  "$10.60 \u2013 $10.70 / $10.65",
  "4.5% \u2013 5.5% / 5.0%",
];

export const ADJUSTED_EPS = [
  "Adjusted EPS (Diluted) / Mid-point",
  "Change vs. Prior Year / Mid-point",
  "$10.00 \u2013 $10.10 / $10.05",
  "12.0% \u2013 13.0% / 12.5%",
  "$10.70 \u2013 $10.80 / $10.75",
  "5.5% \u2013 6.5% / 6.0%",
];

/** The row printed whole after the blocks: one value per column. */
export const AVERAGE_SHARES = "Average Shares Outstanding (Diluted) ~2,557.2 2,630.7";
