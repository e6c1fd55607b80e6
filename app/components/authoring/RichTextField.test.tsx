import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { instanceFor } from "~/services/i18n.server";
import { TranslationsProvider } from "~/use-translation";
import { RichTextField } from "./RichTextField";

const ops = [{ insert: "议题\n", attributes: { header: 2 } }, { insert: "人工 智能\n" }];
const html = (initial: boolean) =>
  renderToStaticMarkup(
    <TranslationsProvider translations={instanceFor("zh")}>
      <RichTextField name="contentZh" label="简介" ops={ops} preview={{ initial, href: "?preview=contentZh#intro", back: "?#intro" }} />
    </TranslationsProvider>,
  );

/** What the server sends, i.e. the page without JavaScript (the editor itself only loads in the browser). */
describe("RichTextField on the server", () => {
  it("edits in a textarea, with a link to the preview", () => {
    const out = html(false);
    expect(out).toContain('<textarea id="contentZh-plain" name="contentZh"');
    expect(out).toContain("## 议题\n人工 智能</textarea>");
    expect(out).toContain('href="?preview=contentZh#intro"');
    expect(out).not.toMatch(/<h[1-6]>/);
  });

  it("previews read-only: the content rendered, the word count, and the content still posted with the form", () => {
    const out = html(true);
    expect(out).not.toContain("<textarea");
    // The author's level-2 heading sits under the editor section's own h2.
    expect(out).toContain("<h3>议题</h3><p>人工 智能</p>");
    // Six characters other than white space (the counter's rule).
    expect(out).toContain('<p class="ui-edit-counter">6 字</p>');
    expect(out).toContain(`name="contentZhOps" value="${JSON.stringify(ops).replace(/"/g, "&quot;")}"`);
    expect(out).toContain('href="?#intro"');
  });
});
