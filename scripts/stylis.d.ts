declare module "stylis" {
  /** A node of stylis's tree: a rule or at-rule (`children` its nodes) or a declaration (`props` its property, `children` its value). */
  export type Element = { type: string; props: string | string[]; children: string | Element[] };
  export function compile(css: string): Element[];
  export function serialize(elements: Element[], callback: unknown): string;
  export const stringify: unknown;
}
