/** Plain-text tables and the machine line every measurement prints with its figures. */
import os from "node:os";

type Cell = string | number;

export function printTable(header: string[], rows: Cell[][], { rightAligned = [] as number[] } = {}): void {
  const text = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, column) => Math.max(...text.map((row) => (row[column] ?? "").length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (rightAligned.includes(column) ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
      .join("  ")
      .trimEnd();
  console.log(line(text[0]));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of text.slice(1)) console.log(line(row));
}

export const formatNumber = (value: number, digits = 0) =>
  value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const percent = (ratio: number) => `${Math.round(ratio * 100)}%`;

export const verdict = (passed: boolean) => (passed ? "PASS" : "MISS");

/** Cores, Node and load: figures from a busy machine are not comparable with a quiet one's. */
export function describeMachine(): string {
  const [oneMinute] = os.loadavg();
  return `${os.cpus().length} cores, Node ${process.versions.node.split(".")[0]}, load ${oneMinute.toFixed(2)} (1 min), ${new Date().toISOString().slice(0, 10)}`;
}

/** A warning when something else is using the CPU (other builds or test runs). */
export function warnIfBusy(): void {
  const [oneMinute] = os.loadavg();
  // Half the cores: the server takes one, the load generator or the browser the other.
  if (oneMinute > os.cpus().length / 2) {
    console.warn(`[perf] the machine is busy (load ${oneMinute.toFixed(2)} over the last minute): the figures will be lower than on a quiet machine`);
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
