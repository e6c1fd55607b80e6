/**
 * What an upload may be, told by its first bytes on the platform (platform/services/sniff.ts).
 * The file inputs' `accept`, their hints and the platform's check all read these lists.
 */

/** The image types of spec §5: png, gif, jpeg, bmp and x-icon. */
export const IMAGE_TYPES = ["image/png", "image/gif", "image/jpeg", "image/bmp", "image/x-icon"];

/** A private document (a payment proof, a licence, a registration answer's file): one of the images or a PDF. */
export const DOCUMENT_TYPES = [...IMAGE_TYPES, "application/pdf"];

/** An `accept` attribute for these types, with the extensions too (some pickers filter by name only). */
export const acceptOf = (types: string[]) =>
  [...types, ...types.map((type) => `.${{ "image/jpeg": "jpg,.jpeg", "image/x-icon": "ico", "application/pdf": "pdf" }[type] ?? type.split("/")[1]}`)].join(
    ",",
  );
