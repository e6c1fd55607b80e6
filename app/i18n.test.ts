import { describe, expect, it } from "vitest";
import { interpolate, Translations } from "./i18n";
import en from "./locales/en/common.json";
import zh from "./locales/zh/common.json";

const messages = {
  zh: { a: { hello: "你好，{{name}}", items_other: "{{count}} 项", onlyZh: "仅中文", empty: "" } },
  en: { a: { hello: "Hello, {{name}}", items_one: "{{count}} item", items_other: "{{count}} items" } },
};

describe("Translations", () => {
  it("looks keys up through nested messages and fills placeholders", () => {
    const zhT = new Translations("zh", messages).t;
    expect(zhT("a.hello", { name: "李雷" })).toBe("你好，李雷");
    expect(new Translations("en", messages).t("a.hello", { name: "Li" })).toBe("Hello, Li");
    expect(zhT("a.empty")).toBe("");
  });

  it("chooses the plural form by the language's rules, and Chinese has one form", () => {
    const t = new Translations("en", messages).t;
    expect([t("a.items", { count: 1 }), t("a.items", { count: 0 }), t("a.items", { count: 2 })]).toEqual(["1 item", "0 items", "2 items"]);
    expect(new Translations("zh", messages).t("a.items", { count: 1 })).toBe("1 项");
  });

  it("falls back to Chinese, then to the default value, then to the key itself", () => {
    const t = new Translations("en", messages).t;
    expect(t("a.onlyZh")).toBe("仅中文");
    expect(t("a.nothing", { defaultValue: "{{n}} left", n: 3 })).toBe("3 left");
    expect(t("a.nothing")).toBe("a.nothing");
    expect(t("a")).toBe("a");
    expect(t("")).toBe("");
  });

  it("tells of each key it has no message for", () => {
    const missing: string[] = [];
    const t = new Translations("en", messages, (key) => missing.push(key)).t;
    t("a.hello", { name: "x" });
    t("a.onlyZh");
    t("a.nothing", { defaultValue: "d" });
    t("b.none");
    expect(missing).toEqual(["a.nothing", "b.none"]);
  });

  it("leaves a placeholder it was given no option for, and empties one given as undefined or null", () => {
    expect(interpolate("{{a}}-{{ b }}-{{c.d}}", { b: 2, c: { d: "x" } })).toBe("{{a}}-2-x");
    expect(interpolate("[{{a}}][{{b}}]", { a: undefined, b: null })).toBe("[][]");
  });

  it("fills a text it has filled before with the new values, placeholders side by side or unclosed", () => {
    for (const [a, b] of [
      ["一", 2],
      ["x", "y"],
      ["", 0],
    ] as const) {
      expect(interpolate("{{a}}{{b}} / {{ a }}", { a, b })).toBe(`${a}${b} / ${a}`);
    }
    expect(interpolate("{{ unclosed {{a}", { a: 1 })).toBe("{{ unclosed {{a}");
    expect(interpolate("no placeholder", { a: 1 })).toBe("no placeholder");
    expect(interpolate("{{a}}", {})).toBe("{{a}}");
  });

  it("takes a language per call, and messages and a language added later, telling its subscribers", () => {
    const translations = new Translations("zh", messages);
    expect(translations.t("a.hello", { name: "x", lng: "en" })).toBe("Hello, x");
    let told = 0;
    const stop = translations.subscribe(() => told++);
    const before = translations.t;
    // Asked for before it arrives: the key itself, and not remembered as missing once it has.
    expect(translations.t("a.extra", { lng: "en" })).toBe("a.extra");
    translations.add("en", { a: { extra: "more" } });
    translations.changeLanguage("en");
    expect(translations.t).not.toBe(before);
    expect([translations.language, translations.t("a.hello", { name: "x" }), translations.t("a.extra"), translations.has("en")]).toEqual([
      "en",
      "Hello, x",
      "more",
      true,
    ]);
    expect(told).toBe(2);
    stop();
    translations.changeLanguage("zh");
    expect(told).toBe(2);
    // Adding never changes the messages it was built with.
    expect(messages.en.a).not.toHaveProperty("extra");
  });

  it("answers every message of the app's locales in both languages", () => {
    const translations = new Translations("en", { zh, en });
    expect(translations.t("meta.siteName")).not.toBe("meta.siteName");
    expect(translations.fixedT("zh")("meta.siteName")).not.toBe(translations.t("meta.siteName"));
  });
});
