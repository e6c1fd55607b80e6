/** `--name N` from the command line: a positive integer, or `fallback` when absent. */
export function intOption(name: string, fallback: number) {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} wants a positive integer`);
  return value;
}
