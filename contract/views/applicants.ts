import type { Message } from "../message";
import type { FormField, RegistrationState } from "../states";

/** The organiser's registration list (platform/routes/applicants.ts). */

export type Named = { id: number; nameZh: string; nameEn: string };

/** GET /user/manage/{conferenceId}/options: what the list needs besides its rows. */
export type ApplicantOptions = { conference: Named & { shortName: string; currency: string }; identities: Named[]; levels: Named[]; fields: FormField[] };

/** A registration as the organiser sees it (GET /user/manage/{conferenceId}, and the answer of each change to one). */
export type Applicant = {
  id: number;
  accountId: number | null;
  name: string;
  mobile: string;
  email: string | null;
  institution: string;
  identity: { nameZh: string; nameEn: string } | null;
  levelId: number | null;
  feeFen: number;
  currency: string;
  state: RegistrationState;
  paymentState: string | null;
  needsPayment: boolean;
  payment: { state: string; registrationId: number | null } | null;
  ticketCode: string;
  remark: string | null;
  checkinState: boolean;
  checkedInAt: string | null;
  createdAt: string;
};

/** POST /user/bulk: how many were done, and why each skipped one was (a message to translate). */
export type BulkOutcome = { action: string; done: number; skipped: Array<{ id: number; reason: Message }>; total: number };

/** Why a conference can't text now, in the order the screen explains them. */
export type SmsBlock = "notCertified" | "notPublished" | "noSignName" | "quotaUsed";

/** GET /send/{conferenceId}: where the conference stands for text messages (decision 028). */
export type SmsStanding = {
  certified: boolean;
  published: boolean;
  signName: { name: string; state: "pending" | "approved" | "rejected"; reason: string | null } | null;
  quota: { limit: number; used: number; remaining: number; resetsAt: string };
  blocks: SmsBlock[];
};

/** POST /send/{conferenceId}: what went out (or, with `dryRun`, would go out and what keeps it from going). */
export type SmsSent = {
  text: string | null;
  recipients: number;
  unclaimed: number;
  sent: number;
  failed: number;
  blocks?: SmsBlock[];
  quota?: SmsStanding["quota"];
};
