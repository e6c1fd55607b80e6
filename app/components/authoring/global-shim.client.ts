// draft-js (through fbjs) reads the Node global `global`; browsers have only `globalThis`.
const scope = globalThis as typeof globalThis & { global?: typeof globalThis };
scope.global ??= globalThis;
export {};
