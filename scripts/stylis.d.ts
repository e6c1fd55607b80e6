declare module "stylis" {
  export function compile(css: string): unknown[];
  export function serialize(elements: unknown[], callback: unknown): string;
  export const stringify: unknown;
}
