/** What the platform needs from the outside world. Each has a real adapter and a test fake on loopback. */

export type SmsPurpose = "login" | "notice";

export interface SmsProvider {
  readonly name: string;
  /** Sends a verification code. Throws when the provider refuses. */
  sendCode(input: { mobile: string; code: string; purpose: SmsPurpose }): Promise<void>;
  /** Sends a free text (organiser notices to attendees). */
  sendText(input: { mobile: string; text: string }): Promise<void>;
}

export interface StoredObject {
  body: Uint8Array;
  contentType: string;
}

export interface Storage {
  readonly name: "disk" | "s3";
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
}

export interface WeChatProfile {
  openId: string;
  unionId?: string;
  nickname: string;
  avatar?: string;
}

export interface WeChatProvider {
  /** The address the browser is sent to for the QR-code sign-in page. */
  authorizeUrl(input: { redirectUri: string; state: string }): string;
  /** Exchanges the callback's code for the user's profile. Throws on a refused code. */
  exchangeCode(code: string): Promise<WeChatProfile>;
}
