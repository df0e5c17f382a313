// Column groups of a statement table's header (table.ts): years printed in runs side by side, each run a
// group (a segment's "2022 2021 Change", a measure's "2023 2022"), and the names over them. Pure functions of
// the header's columns and the lines before it; table.ts lays each row's cells onto the groups they find.

/** Year columns of a header read with its change columns: the runs of years, each followed by a change column. */
export function yearGroups(template: ("y" | "c")[], years: number[]): number[][] | null {
  if (!template.includes("c") || template.at(-1) !== "c") return null;
  const runs: number[][] = [];
  let run: number[] = [];
  template.forEach((t, i) => {
    if (t === "y") run.push(i);
    else {
      runs.push(run);
      run = [];
    }
  });
  // Each run the same years in the same order, every column a year of a run or a change column.
  const yearsOf = (r: number[]) => r.map((i) => years[template.slice(0, i).filter((x) => x === "y").length]).join(",");
  return runs.every((r) => r.length > 0 && yearsOf(r) === yearsOf(runs[0])) ? runs : null;
}

/** A header's years as two or more runs of the same distinct years, in the same order: each run's column positions; else null. */
export function repeatedRuns(years: number[]): number[][] | null {
  for (let width = 2; width <= years.length / 2; width++) {
    if (years.length % width !== 0) continue;
    const first = years.slice(0, width);
    if (new Set(first).size !== width) continue;
    if (years.every((y, i) => y === first[i % width])) return Array.from({ length: years.length / width }, (_, g) => first.map((_, i) => g * width + i));
  }
  return null;
}

/**
 * The names of a header's column groups, one per run of years: the last lines before the header, one name a
 * line; or one line of capitalized words that splits evenly into as many names of two to four words
 * ("Revenue Mix Comparable Sales": "Revenue Mix", "Comparable Sales").
 */
export function groupNames(lines: string[], runs: number): string[] {
  if (lines.length >= runs || lines.length !== 1) return lines.slice(-runs);
  const words = lines[0].split(/\s+/);
  const each = words.length / runs;
  if (!Number.isInteger(each) || each < 2 || each > 4 || !words.every((w) => /^(?:[A-Z][A-Za-z'.-]*|&)$/.test(w))) return [];
  return Array.from({ length: runs }, (_, g) => words.slice(g * each, (g + 1) * each).join(" "));
}
