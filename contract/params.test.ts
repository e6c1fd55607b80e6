import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { idField, NOT_FOUND_MESSAGE, optionalIdField, parseId, parsePage, parsePageSize, routeId } from "./params";

describe("parseId", () => {
  it("takes positive int4 ids as digits or numbers", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("2147483647")).toBe(2147483647);
    expect(parseId(42)).toBe(42);
  });
  it("refuses everything else", () => {
    for (const bad of [
      "2147483648",
      "-1",
      "1.5",
      "1e3",
      "abc",
      "",
      " 1",
      "01",
      "0",
      "1\u0000",
      "９",
      "99999999999999999999",
      undefined,
      null,
      0,
      1.5,
      -3,
      2147483648,
      NaN,
      Infinity,
    ]) {
      expect(parseId(bad), String(bad)).toBeNull();
    }
  });
  it("routeId throws the not-found page", () => {
    expect(routeId("7")).toBe(7);
    let thrown: unknown;
    try {
      routeId("2147483648");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });
  it("routeId has one answer for every id that is not one: the same 404, the same words", async () => {
    const answers = new Set<string>();
    for (const bad of ["abc", "-1", "1.5", "1e3", "2147483648", "99999999999", "0", "", undefined, null]) {
      let thrown: unknown;
      try {
        routeId(bad);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, String(bad)).toBeInstanceOf(Response);
      const response = thrown as Response;
      answers.add(`${response.status} ${response.headers.get("Content-Type")} ${await response.text()}`);
    }
    expect([...answers]).toEqual([`404 text/plain; charset=utf-8 ${NOT_FOUND_MESSAGE}`]);
  });
});

describe("pages", () => {
  it("garbage is the default, and large pages stop at the bound", () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage("3")).toBe(3);
    for (const bad of ["1e20", "1e309", "-5", "0", "1.5", "abc", "Infinity", ""]) expect(parsePage(bad), bad).toBe(1);
    expect(parsePage("99999999999")).toBe(10_000);
    expect(parsePageSize("1e20", 20)).toBe(20);
    expect(parsePageSize("500", 20)).toBe(100);
    expect(parsePageSize("7", 20, 5)).toBe(5);
  });
});

describe("id fields", () => {
  const schema = z.object({ id: idField("bad.id"), other: optionalIdField("bad.other") });
  it("parse form posts through conform without turning 1e3 into 1000", () => {
    const form = (id: string, other: string) => {
      const data = new FormData();
      data.set("id", id);
      data.set("other", other);
      const submission = parseWithZod(data, { schema });
      return submission.status === "success" ? { value: submission.value } : { error: submission.error };
    };
    expect(form("12", "")).toEqual({ value: { id: 12, other: null } });
    for (const bad of ["1e3", "2147483648", "-1", "1.5", "abc", ""]) expect(form(bad, "3").error?.id, bad).toEqual(["bad.id"]);
    expect(form("1", "1e3").error?.other).toEqual(["bad.other"]);
  });
  it("parse JSON with the field's own message when missing", () => {
    expect(schema.safeParse({ id: 5 }).data).toEqual({ id: 5, other: null });
    expect(schema.safeParse({}).error?.issues[0].message).toBe("bad.id");
    expect(schema.safeParse({ id: 1, other: 2147483648 }).error?.issues[0].message).toBe("bad.other");
  });
});
