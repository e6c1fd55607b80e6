import { createSystem, defaultConfig, defineConfig } from "@chakra-ui/react";

/**
 * The design system (ARCHITECTURE.md "Styling"): brand #1a73e8, footer #0c8484, the spec's
 * breakpoints (compact ≤768, medium ≤1216, full above; 1024 and 1408 between), 1152px content,
 * 70px header. Its CSS is produced once at build time (scripts/build-css.ts).
 */
export const config = defineConfig({
  theme: {
    breakpoints: { sm: "769px", md: "1024px", lg: "1217px", xl: "1408px" },
    tokens: {
      colors: {
        brand: {
          50: { value: "#e8f0fe" },
          100: { value: "#d2e3fc" },
          200: { value: "#aecbfa" },
          500: { value: "#1a73e8" },
          600: { value: "#1765cc" },
          700: { value: "#1557b0" },
        },
        footer: { value: "#0c8484" },
        highlight: { value: "#fff3a3" },
      },
      sizes: { content: { value: "1152px" }, header: { value: "70px" }, searchBox: { value: "320px" } },
      fonts: {
        body: { value: '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif' },
        heading: {
          value: '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: "{colors.brand.500}" },
          contrast: { value: "white" },
          fg: { value: "{colors.brand.700}" },
          muted: { value: "{colors.brand.100}" },
          subtle: { value: "{colors.brand.50}" },
          emphasized: { value: "{colors.brand.200}" },
          focusRing: { value: "{colors.brand.500}" },
        },
      },
    },
  },
  globalCss: {
    "html, body": { bg: "white", color: "gray.900", fontFamily: "body", lineHeight: "1.6" },
    a: { color: "inherit", textDecoration: "none" },
    // Links in running text look like links (the `.ui-link` style); navigation, cards and buttons carry classes of their own.
    ":is(p, dd, td, .ui-prose li, .ui-field-help) > a:not([class])": {
      color: "{colors.brand.700}",
      textDecoration: "underline",
      textUnderlineOffset: "2px",
    },
    "a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, textarea:focus-visible, summary:focus-visible": {
      outline: "2px solid {colors.brand.500}",
      outlineOffset: "2px",
    },
  },
});

export const system = createSystem(defaultConfig, config);
