/**
 * A value as JSON carries it: what `JSON.parse(JSON.stringify(value))` gives, made without the
 * text in between. Dates (anything with `toJSON`) become what `toJSON` says, `undefined`,
 * functions and symbols leave objects and become null in arrays, numbers that JSON cannot write
 * become null and -0 becomes 0; a BigInt throws as `JSON.stringify` does. Other objects than plain
 * ones and arrays (a Map, a class's instance) take the round trip itself.
 *
 * The copy shares no object with `value`, so a caller that changes it cannot change the platform's
 * memos. Its strings are the same strings, which is why it costs a fraction of the round trip.
 */
export function jsonValue(value: unknown): unknown {
  return copy(value, "");
}

function copy(value: unknown, key: string): unknown {
  if (value !== null && typeof value === "object" && typeof (value as { toJSON?: unknown }).toJSON === "function") {
    value = (value as { toJSON: (key: string) => unknown }).toJSON(key);
  }
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      return Number.isFinite(value) ? value + 0 : null;
    case "bigint":
      throw new TypeError("Do not know how to serialize a BigInt");
    case "object":
      break;
    default:
      return undefined;
  }
  if (value === null) return null;
  if (Array.isArray(value)) {
    const items = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) items[i] = copy(value[i], String(i)) ?? null;
    return items;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return JSON.parse(JSON.stringify(value, null, 0) ?? "null");
  const fields: Record<string, unknown> = {};
  for (const name of Object.keys(value)) {
    const field = copy((value as Record<string, unknown>)[name], name);
    if (field === undefined) continue;
    // JSON.parse makes "__proto__" a field of its own; an assignment would set the prototype.
    if (name === "__proto__") Object.defineProperty(fields, name, { value: field, writable: true, enumerable: true, configurable: true });
    else fields[name] = field;
  }
  return fields;
}
