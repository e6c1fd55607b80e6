/** The account object of the session (spec §3 `auth`, plus the flags the header needs): GET and PUT /account, and the `data` beside a token at sign-in. */
export type Account = {
  id: number;
  accountId: number;
  name: string;
  mobile: string;
  email: string | null;
  avatar: string | null;
  hasClaimed: boolean;
  defaultType: number;
  isPlatformAdmin: boolean;
  wechatBound: boolean;
  certification?: boolean;
};

/** `GET /account/shell`: what every page's header shows of the signed-in account, in one call (issue 16). */
export type AccountShell = {
  account: Account;
  /** The research group the account owns, if any. */
  groupId: number | null;
  noticesUnread: number;
  messagesUnread: number;
};
