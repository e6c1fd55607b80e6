declare module "virtual:locale/*" {
  /** One part of one language's messages (scripts/vite-locale-parts.ts). */
  const messages: { [key: string]: string | (typeof messages)[string] };
  export default messages;
}
