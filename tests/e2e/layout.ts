/**
 * What a person sees on a phone (390 px) and a laptop (1366 px), in Chinese and in English,
 * measured in the browser after layout:
 * - the page is no wider than the window (`scrollWidth > innerWidth` is a sideways swipe);
 * - no text is clipped: an element that hides its overflow holds all of its text (an ellipsis
 *   counts only when the element's `title` carries the whole text);
 * - no word is broken one character per line (a name or 单位 one glyph wide) and no number or
 *   amount breaks across lines (`¥2,400.0` / `0`);
 * - an English page shows no Chinese (CJK characters, full-width punctuation such as `：` or
 *   `（`), in its text or in what assistive technology reads (alt, title, aria-label,
 *   placeholder), except inside an element marked `lang="zh…"`: data someone entered only in
 *   Chinese, or the switch to Chinese, carries that mark (it also tells a screen reader).
 *
 * `expectLayout` asserts all of it and keeps a full-page screenshot as a test artefact
 * (test-results/screens/<label>.png).
 */
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { expect, expectAccessible, languageCookie, test } from "./support";

export const WIDTHS = [390, 1366] as const;
export const LANGS = ["zh", "en"] as const;
export type Width = (typeof WIDTHS)[number];
export type Lang = (typeof LANGS)[number];

const SCREENS = path.resolve("test-results/screens");

/** The language of the next pages this context opens (the signed language cookie). */
export async function useLanguage(context: BrowserContext, lang: Lang) {
  await context.addCookies([languageCookie(lang, `http://localhost:${E2E_PORT}`)]);
}

/** What is wrong with the current page's layout, one line per finding (empty when nothing is). */
export async function layoutFindings(page: Page, lang: Lang): Promise<string[]> {
  return page.evaluate((english) => {
    const findings: string[] = [];
    const CJK = /[\u2e80-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/;
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : "";
      const cls = typeof el.className === "string" && el.className.trim() ? `.${el.className.trim().split(/\s+/).slice(0, 2).join(".")}` : "";
      return `<${el.tagName.toLowerCase()}${id}${cls}>`;
    };
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      if (style.display === "none" || style.visibility === "hidden") return false;
      const rect = el.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0;
    };
    /** Inside a closed <details> (not its summary), nothing is laid out. */
    const folded = (el: Element) => {
      for (let d = el.closest("details"); d; d = d.parentElement?.closest("details") ?? null) if (!d.open && !el.closest("summary")) return true;
      return false;
    };
    const text = (el: Element) => (el.textContent ?? "").replace(/\s+/g, " ").trim();

    const width = document.documentElement.scrollWidth;
    if (width > window.innerWidth) {
      // The widest elements that stick out, to say what to fix.
      const wide = [...document.body.querySelectorAll("*")]
        .filter((el) => shown(el) && el.getBoundingClientRect().right > window.innerWidth + 1)
        .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= window.innerWidth + 1)
        .slice(0, 3)
        .map((el) => `${describe(el)} right=${Math.round(el.getBoundingClientRect().right)}`);
      findings.push(`page is ${width}px wide in a ${window.innerWidth}px window: ${wide.join(", ")}`);
    }

    for (const el of document.body.querySelectorAll("*")) {
      if (!shown(el) || folded(el) || el.closest("[aria-hidden=true], .ui-visually-hidden, svg, script, style, template, textarea")) continue;
      const style = getComputedStyle(el);
      const words = text(el);
      // Clipped: hides what it cannot hold (scroll containers let the reader scroll, so they count as holding it).
      const hides = (axis: string) => axis === "hidden" || axis === "clip";
      if (words && (hides(style.overflowX) || hides(style.overflowY))) {
        const clippedX = hides(style.overflowX) && el.scrollWidth > el.clientWidth + 1;
        const clippedY = hides(style.overflowY) && el.scrollHeight > el.clientHeight + 1 && el.clientHeight > 0;
        const titled = el.getAttribute("title")?.replace(/\s+/g, " ").trim() === words;
        if ((clippedX || clippedY) && !titled && el.tagName !== "DETAILS") findings.push(`text clipped in ${describe(el)}: "${words.slice(0, 40)}"`);
      }
      // Broken words: each direct text node's lines, as the layout drew them.
      for (const node of el.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE) continue;
        const value = (node.textContent ?? "").trim();
        if (value.length < 2) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Map<number, number>();
        for (const rect of range.getClientRects())
          if (rect.width > 0) lines.set(Math.round(rect.top), Math.max(lines.get(Math.round(rect.top)) ?? 0, rect.width));
        if (lines.size < 2) continue;
        const fontSize = parseFloat(style.fontSize) || 16;
        if ([...lines.values()].every((w) => w <= fontSize * 1.5)) findings.push(`one character per line in ${describe(el)}: "${value.slice(0, 20)}"`);
        else if (/^[¥$€]?\s?[\d,.]+%?$/.test(value)) findings.push(`number broken across lines in ${describe(el)}: "${value}"`);
      }
    }

    if (english) {
      const allowed = (el: Element | null) => Boolean(el?.closest("[lang^=zh]"));
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        const value = (node.textContent ?? "").trim();
        if (!parent || !value || !CJK.test(value) || allowed(parent)) continue;
        // What someone typed into a field is theirs, in whatever language they typed it.
        if (parent.closest("script, style, template, noscript, textarea")) continue;
        if (!shown(parent) && !parent.closest(".ui-visually-hidden")) continue;
        findings.push(`Chinese on an English page in ${describe(parent)}: "${value.slice(0, 40)}"`);
      }
      for (const el of document.querySelectorAll("[alt], [title], [aria-label], [placeholder]")) {
        if (allowed(el)) continue;
        for (const name of ["alt", "title", "aria-label", "placeholder"]) {
          const value = el.getAttribute(name);
          if (value && CJK.test(value)) findings.push(`Chinese on an English page in ${describe(el)} ${name}: "${value.slice(0, 40)}"`);
        }
      }
      const title = document.title;
      if (CJK.test(title) && !document.querySelector("title[lang^=zh]")) findings.push(`Chinese in an English page's title: "${title}"`);
    }
    return [...new Set(findings)];
  }, lang === "en");
}

/** Asserts the page's layout (see the top of this file) and keeps its screenshot as `label`. */
export async function expectLayout(page: Page, lang: Lang, label: string, options: { soft?: boolean } = {}) {
  const findings = await layoutFindings(page, lang);
  await page.screenshot({ path: path.join(SCREENS, `${label.replace(/[^\w.-]+/g, "_")}.png`), fullPage: true });
  (options.soft ? expect.soft : expect)(findings, `${label}: layout`).toEqual([]);
}

/**
 * Opens each address at both widths in both languages (or those asked for), as the page's context
 * is signed in (or not), and checks what a person sees: the layout (above, with its screenshot
 * kept) at every width and language, and axe with no violation of any impact once per language,
 * each language at a width of its own (Chinese on the phone, English on the laptop; a single
 * language at both), so every address is checked in each language and at each width without axe
 * running four times (decision 060). Findings are soft: one run lists every page's.
 * `status` is what each address must answer (any status below 400 when not given).
 */
export async function sweep(page: Page, name: string, urls: string[], options: { langs?: readonly Lang[]; status?: (url: string) => number } = {}) {
  const langs = options.langs ?? LANGS;
  // Each visit (load, layout check, full-page screenshot, axe on every other one) takes 2–4 s on a 2-core machine shared
  // with the other worker and the server: the test's limit grows with the visits it makes, so a long list is no timeout.
  test.setTimeout(Math.max(test.info().timeout, 30_000 + urls.length * WIDTHS.length * langs.length * 6_000));
  const axeAt = (width: Width, lang: Lang) => langs.length < 2 || WIDTHS.indexOf(width) === langs.indexOf(lang) % WIDTHS.length;
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 768 });
    for (const lang of langs) {
      await useLanguage(page.context(), lang);
      for (const url of urls) {
        const label = `${name}-${width}-${lang}-${url}`;
        const response = await page.goto(url);
        if (options.status) expect(response?.status(), `${label}: status`).toBe(options.status(url));
        else expect(response?.status(), `${label}: status`).toBeLessThan(400);
        await expectLayout(page, lang, label, { soft: true });
        if (axeAt(width, lang)) await expectAccessible(page, { soft: true, label });
      }
    }
  }
}
