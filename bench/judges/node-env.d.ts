// The few Node APIs bench/judges/bench.ts uses (it runs under Node; the project's types are workerd's).
declare module "node:fs" {
  export function readFileSync(path: string, encoding: "utf8"): string;
  export function readdirSync(path: string): string[];
  export function appendFileSync(path: string, data: string): void;
}
declare const process: { env: Record<string, string | undefined> };
