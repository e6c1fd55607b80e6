import { Scripts } from "@remix-run/react";

/** The `<template>` that holds Remix's script tags until the page has painted. */
const LATE_SCRIPTS_ID = "late-scripts";

let boot: string | undefined;

/**
 * Runs where it stands (a classic inline script, right after the template). Remix's data script
 * runs at once: the data scripts streamed after this one feed the stream it opens. The module
 * preloads and the module script that hydrates the page follow once the browser reports the first
 * contentful paint (in a browser without paint timing: after the first frame), or a second after
 * the load event if that paint never comes, or at once when the page is hidden (nothing paints
 * there). They go in, in their order, a few milliseconds' worth per task: each preload costs the
 * browser some work as it is added (a slow phone spent ~100 ms on twenty in one task, blocking
 * input). Each copy carries this script's nonce, so the Content-Security-Policy lets it run.
 *
 * Sent on one line (every statement ends with ";" or "}"); a function, so that the browser's
 * bundle, which renders the script without its text, leaves the text out.
 */
function lateScriptsBoot() {
  return (boot ??= `(function () {
  var me = document.currentScript, box = document.getElementById(${JSON.stringify(LATE_SCRIPTS_ID)});
  if (!me || !box) return;
  var at = me, parts = [].slice.call(box.content.children), started = false;
  function put(node) { at.after(node); at = node; }
  function copy(old) {
    var s = document.createElement("script");
    s.nonce = me.nonce;
    if (old.type) s.type = old.type;
    s.textContent = old.textContent;
    return s;
  }
  function start() {
    if (started) return;
    started = true;
    var queue = parts.filter(function (el) { return el.tagName !== "SCRIPT" || el.type === "module"; });
    (function next() {
      var until = performance.now() + 8;
      while (queue.length) {
        var el = queue.shift();
        put(el.tagName !== "SCRIPT" ? document.importNode(el, false) : copy(el));
        if (queue.length && performance.now() > until) return void setTimeout(next, 0);
      }
    })();
  }
  parts.forEach(function (el) { if (el.tagName === "SCRIPT" && el.type !== "module") put(copy(el)); });
  if (document.hidden) return start();
  addEventListener("load", function () { setTimeout(start, 1000); });
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (types && types.indexOf("paint") >= 0) {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName("first-contentful-paint").length) setTimeout(start, 0);
    }).observe({ type: "paint", buffered: true });
  } else {
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
})();`.replace(/\n\s*/g, ""));
}

/**
 * Remix's `<Scripts>`, held back until the first paint (docs/decisions/073-scripts-after-first-paint.md).
 *
 * Remix writes ~20 `<link rel="modulepreload">` and a module script at the end of `<body>`; the
 * browser's preload scanner fetches them all at once, beside the render-blocking stylesheet, and on
 * a slow network the page paints about a second later with JavaScript than without. Here the
 * server puts them in a `<template>` (inert: nothing in it is fetched or run), and the boot script
 * after it copies them into the document: the data script at once, the rest after the first
 * contentful paint. Without JavaScript none of them is fetched at all.
 *
 * The browser renders the template empty (a template's content is not among its child nodes, so
 * hydration finds none) and the boot script's element without its text, which hydration leaves as
 * the server sent it and which has already run: neither is in the browser's bundle.
 */
export function LateScripts({ nonce }: { nonce?: string }) {
  return (
    <>
      <template id={LATE_SCRIPTS_ID}>{import.meta.env.SSR ? <Scripts nonce={nonce} /> : null}</template>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? lateScriptsBoot() : "" }} />
    </>
  );
}
