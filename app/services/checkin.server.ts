import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { CheckinOutcome } from "#contract/checkin";
import { badRequest, notFound, parseId } from "#contract/params";
import { checkinCodeSchema } from "#contract/schemas/checkin";
import { pick } from "~/utils/format";
import { parseForm } from "~/utils/validation";
import { i18n } from "./i18n.server";
import { type ApiResult, callPlatform, platformData } from "./platform.server";
import { getLang } from "./session.server";

/**
 * The server side of the check-in desk, the scanner and the statistics screen: the conference
 * (its managers only: the platform answers 404 to anyone else, and so do these pages) and the
 * desk's posts. `at` tells the screens which answer is the newest.
 */

export type DeskAnswer = {
  intent: string;
  at: number;
  outcome: CheckinOutcome | null;
  /** conform's reply for the code form: per-field messages and what was typed. */
  result?: SubmissionResult<string[]>;
  /** Without JavaScript an undo first asks (the page shows the question with a confirm button). */
  confirm?: { registrationId: number; name: string };
  formErrors?: string[];
};

/** The desk's counts (with the conference's names), or the 404 page for anyone but its managers. */
export async function loadCounts(request: Request, id: number) {
  return platformData(request, `/user/checkin/counts/${id}`);
}

/** `<page title>: <conference name> - <site>`, in the user's language. */
export async function pageTitle(request: Request, key: string, conference: { nameZh: string; nameEn: string }) {
  const t = await i18n.getFixedT(request);
  const name = pick(getLang(request).lang, conference.nameZh, conference.nameEn);
  return { name, title: `${t(key, { name })} - ${t("meta.siteName")}` };
}

function answered(call: ApiResult<CheckinOutcome>, answer: Omit<DeskAnswer, "outcome" | "at">) {
  // Someone else's conference or registration: the not-found page, as the loader gives.
  if (!call.ok && call.status === 404) throw notFound();
  if (!call.ok) return data<DeskAnswer>({ ...answer, at: Date.now(), outcome: null, formErrors: call.messages }, { status: 400 });
  return data<DeskAnswer>({ ...answer, at: Date.now(), outcome: call.data });
}

/**
 * Runs one post of the desk or the scanner: `code` (typed, scanned), `checkin` (a search
 * result's button) or `undo` (asks first unless `confirmed=1`).
 */
export async function runDeskAction(request: Request, conferenceId: number, formData: FormData, via: "desk" | "scan") {
  const intent = String(formData.get("intent") ?? "");
  const registrationId = parseId(formData.get("registrationId"));
  const query = via === "scan" ? { via: "scan" } : undefined;

  if (intent === "code") {
    const submission = parseForm(formData, checkinCodeSchema);
    if (submission.status !== "success") return data<DeskAnswer>({ intent, at: Date.now(), outcome: null, result: submission.reply() }, { status: 400 });
    const call = await callPlatform(request, "/user/checkin", { method: "POST", query, body: { conferenceId, code: submission.value.code } });
    if (!call.ok && call.status === 400)
      return data<DeskAnswer>({ intent, at: Date.now(), outcome: null, result: submission.reply({ fieldErrors: { code: call.messages } }) }, { status: 400 });
    // A desk checks in one ticket after another: the field is emptied for the next one.
    return answered(call, { intent, result: submission.reply({ resetForm: true }) });
  }
  if (registrationId === null) throw notFound();
  if (intent === "checkin") {
    return answered(await callPlatform(request, "/user/checkin", { method: "POST", body: { conferenceId, registrationId } }), { intent });
  }
  if (intent === "undo") {
    if (formData.get("confirmed") !== "1") {
      return data<DeskAnswer>({ intent, at: Date.now(), outcome: null, confirm: { registrationId, name: String(formData.get("name") ?? "").slice(0, 50) } });
    }
    return answered(await callPlatform(request, `/user/checkin/${registrationId}`, { method: "DELETE" }), { intent });
  }
  throw badRequest();
}

/** Every figure of the statistics screen, or the 404 page for anyone but the conference's managers. */
export async function loadStatistics(request: Request, id: number) {
  return platformData(request, `/statistics/${id}`);
}
