import { describe, expect, it } from "vitest";
import { cachedCard, cardAddress, cardFonts, cardSvg, DrawBudget, renderCard, wrapLines } from "./og-card.server";

const facts = {
  id: 12,
  nameZh: "第十届全国智能计算学术会议",
  nameEn: "The 10th National Conference on Intelligent Computing",
  cityZh: "杭州",
  cityEn: "Hangzhou",
  startDate: "2027-05-20",
  endDate: "2027-05-22",
};

describe("the conference card image", () => {
  it("wraps Chinese between characters and English between words, with an ellipsis past the last line", () => {
    expect(wrapLines("第十届全国智能计算学术会议", 5, 3)).toEqual(["第十届全国", "智能计算学", "术会议"]);
    expect(wrapLines("The 10th National Conference on Intelligent Computing", 8, 3)).toEqual(["The 10th", "National", "Conference on…"]);
    expect(wrapLines("短名", 10, 3)).toEqual(["短名"]);
    // A bracket stays with what it encloses, a comma with what it follows.
    expect(wrapLines("研讨会（2027）", 7, 3)).toEqual(["研讨会", "（2027）"]);
    expect(wrapLines("甲乙丙，丁", 3, 3)).toEqual(["甲乙", "丙，丁"]);
    // A word longer than a line is cut, never left to run off the card.
    expect(wrapLines("Supercalifragilisticexpialidocious", 8, 5).every((line) => line.length <= 16)).toBe(true);
  });

  it("escapes what the organiser typed, so a name cannot break the SVG", () => {
    const svg = cardSvg({ title: `<script>&"'`, dates: "1 to 2", place: "", site: "Site" });
    expect(svg).toContain("&#60;script&#62;&#38;&#34;&#39;");
    expect(svg).not.toContain("<script>");
  });

  it("has a new address when what it shows changes, and the same one otherwise", () => {
    const first = cardAddress("zh", facts, "学术会议");
    expect(first).toMatch(/^\/conf\/12\/card\.png\?lang=zh&v=[\w-]{10}$/);
    expect(cardAddress("zh", facts, "学术会议")).toBe(first);
    expect(cardAddress("zh", { ...facts, nameZh: "第十一届全国智能计算学术会议" }, "学术会议")).not.toBe(first);
    expect(cardAddress("en", facts, "学术会议")).toMatch(/lang=en/);
  });

  it("finds a CJK font to draw Chinese names with (npm test installs fonts-noto-cjk)", () => {
    expect(cardFonts().some((file) => /NotoSansCJK/.test(file))).toBe(true);
  });

  it("draws a 1200×630 PNG", async () => {
    const png = new Uint8Array(await renderCard({ title: facts.nameZh, dates: "2027年5月20日 至 2027年5月22日", place: "杭州", site: "学术会议" }));
    expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const view = new DataView(png.buffer, png.byteOffset);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
  });

  it("draws at most so many cards a minute per client and in all; a kept card is never refused", async () => {
    const budget = new DrawBudget({ perClient: 2, global: 3, windowMs: 60_000 });
    const t0 = Date.UTC(2030, 0, 1, 8, 0, 10);
    const card = (n: number) => ({ title: `会议 ${n} ${t0}`, dates: "", place: "", site: "学术会议" });
    const first = cachedCard(card(1), "198.51.100.7", t0, budget);
    expect(first.ok).toBe(true);
    expect(cachedCard(card(2), "198.51.100.7", t0 + 1_000, budget).ok).toBe(true);
    // The client's two drawings are spent: a third new card waits for the next minute, 49 s on.
    expect(cachedCard(card(3), "198.51.100.7", t0 + 1_000, budget)).toEqual({ ok: false, retryAfterS: 49 });
    // A card already drawn costs nothing and is served to anyone.
    const again = cachedCard(card(1), "198.51.100.7", t0 + 2_000, budget);
    expect(again.ok && first.ok && again.png === first.png).toBe(true);
    // Another client draws one; then the process's three are spent for everyone.
    expect(cachedCard(card(4), "203.0.113.9", t0 + 2_000, budget).ok).toBe(true);
    expect(cachedCard(card(5), "203.0.113.10", t0 + 2_000, budget)).toMatchObject({ ok: false });
    // A new minute, a new budget.
    expect(cachedCard(card(3), "198.51.100.7", t0 + 50_000, budget).ok).toBe(true);
    if (first.ok) expect((await first.png).byteLength).toBeGreaterThan(0);
  });
});
