import { describe, expect, it } from "vitest";
import { jsonValue } from "./json-value";

const roundTrip = (value: unknown) => JSON.parse(JSON.stringify(value));
/** Equal as JSON writes them: the same fields in the same order. */
const expectSameAsJson = (value: unknown) => expect(JSON.stringify(jsonValue(value))).toBe(JSON.stringify(roundTrip(value)));

describe("jsonValue: what JSON would carry, without the text", () => {
  it("writes dates, undefined, functions, symbols, non-finite numbers and -0 as JSON does", () => {
    const value = {
      at: new Date("2026-11-29T10:00:00Z"),
      bad: new Date(Number.NaN),
      gone: undefined,
      fn: () => 1,
      sym: Symbol("s"),
      list: [undefined, () => 1, Symbol("s"), Number.NaN, Infinity, -0, 1.5, null, "文"],
      nan: Number.NaN,
      minusZero: -0,
      nested: { deeper: [{ a: 1, b: undefined }] },
    };
    expect(jsonValue(value)).toEqual(roundTrip(value));
    expect(Object.is((jsonValue({ z: -0 }) as { z: number }).z, 0)).toBe(true);
    expect(Object.keys(jsonValue(value) as object)).toEqual(["at", "bad", "list", "nan", "minusZero", "nested"]);
    expectSameAsJson(value);
  });

  it("keeps the order of fields JSON writes, integer-like names first", () => {
    const value = { b: 1, 10: "ten", a: 2, 2: "two", "-1": "minus" };
    expectSameAsJson(value);
  });

  it("calls toJSON with its key, and takes other objects through JSON itself", () => {
    const keys: string[] = [];
    class Money {
      constructor(readonly fen: number) {}
      toJSON(key: string) {
        keys.push(key);
        return { fen: this.fen, key };
      }
    }
    class Point {
      x = 1;
      y = [2, undefined];
    }
    const value = { price: new Money(100), list: [new Money(5)], map: new Map([["a", 1]]), set: new Set([1]), point: new Point(), boxed: new String("s") };
    expect(jsonValue(value)).toEqual(roundTrip(value));
    expect(keys).toEqual(["price", "0", "price", "0"]);
  });

  it("makes a field named __proto__ a field, as JSON.parse does, and shares no object", () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "list": [{"a": 1}]}') as Record<string, unknown>;
    const copy = jsonValue(value) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(["__proto__", "list"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(copy.list).not.toBe(value.list);
    expect((copy.list as object[])[0]).not.toBe((value.list as object[])[0]);
    expectSameAsJson(value);
  });

  it("throws on a BigInt as JSON.stringify does", () => {
    expect(() => jsonValue({ n: 1n })).toThrow(TypeError);
    expect(() => JSON.stringify({ n: 1n })).toThrow(TypeError);
  });

  it("agrees with the round trip on random values", () => {
    let seed = 7;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const leaves = [
      null,
      true,
      false,
      0,
      -0,
      1,
      -2.5,
      1e21,
      Number.NaN,
      Infinity,
      "",
      "文字",
      "\u0000",
      "\ufeff a",
      undefined,
      () => 0,
      new Date(0),
      new Date(Number.NaN),
    ];
    const make = (depth: number): unknown => {
      const pick = random();
      if (depth > 3 || pick < 0.4) return leaves[Math.floor(random() * leaves.length)];
      if (pick < 0.7) return Array.from({ length: Math.floor(random() * 4) }, () => make(depth + 1));
      const object: Record<string, unknown> = {};
      for (let i = Math.floor(random() * 5); i > 0; i--) object[["a", "b", "7", "名", "__proto__x"][Math.floor(random() * 5)] + i] = make(depth + 1);
      return object;
    };
    for (let i = 0; i < 500; i++) {
      const value = { data: make(0) };
      expectSameAsJson(value);
    }
  });
});
