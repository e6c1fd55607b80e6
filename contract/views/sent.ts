/**
 * What a producer may hand over for a view (contract/views): JSON writes a Date as its ISO
 * string, so where a view says `string` the platform may give a Date. Everything else must match,
 * so a field renamed, dropped or retyped on one side fails the typecheck of the other.
 *
 * @example
 * const describe = async (rows: Registration[]): Promise<Array<Sent<Applicant>>> => …
 */
export type Sent<V> = V extends string ? V | Date : V extends ReadonlyArray<infer U> ? Array<Sent<U>> : V extends object ? { [K in keyof V]: Sent<V[K]> } : V;
