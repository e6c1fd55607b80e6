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
