import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { notFound, parseId, routeId } from "#contract/params";
import { TEAM_MAX_MEMBERS, teamMemberSchema, teamSchema } from "#contract/schemas/registration";
import { ConfirmForm } from "~/components/ConfirmForm";
import { FieldError } from "~/components/FieldError";
import { HoldNotice } from "~/components/HoldNotice";
import { DOCUMENT_TYPES, UploadField } from "~/components/UploadField";
import { areaLoader } from "~/locales/load";
import { requireSignedIn } from "~/services/guard.server";
import { i18n } from "~/services/i18n.server";
import { keepUploads } from "~/services/kept-uploads.server";
import { dangerNotices, redirectWithNotice } from "~/services/notices.server";
import { callPlatform, platformData } from "~/services/platform.server";
import { getLang } from "~/services/session.server";
import { useTranslation } from "~/use-translation";
import { type AttendPayment, type AttendRegistration } from "~/utils/attend";
import { enteredLang } from "~/utils/entered";
import { formatMoney, pick } from "~/utils/format";
import { useFreshAfterSuccess } from "~/utils/fresh-form";
import { type Refusal, parseForm, refusalMessages } from "~/utils/validation";

/** The browser loads these areas' messages with the page (app/locales/load.ts). */
export const clientLoader = areaLoader(["attendee"]);

type Team = { id: number; name: string; conferenceId: number; members?: number; replayed?: boolean };
type TeamTotal = { count: number; totalFen: number; currency: string };

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }, { name: "robots", content: "noindex" }];

/** The team form: the conference is the page's own. */
const teamForm = teamSchema.omit({ conferenceId: true });
/** The member form: one member per submission, the team in a hidden field. */
const memberForm = teamMemberSchema.extend({ teamId: z.coerce.number().int().positive() });

/**
 * Team registration for conference {index}: the leader names a team, adds members (each a
 * registration the member can claim later), sees the team's total and pays it once by
 * transfer with a proof, which the organisers audit.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  requireSignedIn(request);
  const conferenceId = routeId(params.conferenceId);
  const t = await i18n.getFixedT(request);
  const { lang } = getLang(request);
  const [form, teams, payee] = await Promise.all([
    platformData(request, `/registration/form/${conferenceId}`),
    platformData<{ list: Team[] }>(request, `/team/conf/${conferenceId}`),
    platformData(request, `/payee/${conferenceId}`),
  ]);
  const wanted = parseId(new URL(request.url).searchParams.get("team"));
  const team = teams.list.find((row) => row.id === wanted) ?? teams.list[0] ?? null;
  let members: AttendRegistration[] = [];
  let total: TeamTotal | null = null;
  let payments: AttendPayment[] = [];
  if (team) {
    const [memberList, count, paid] = await Promise.all([
      platformData<{ list: AttendRegistration[] }>(request, `/team/user/${team.id}`),
      platformData<TeamTotal>(request, "/team/payment/count", { method: "POST", body: { teamId: team.id } }),
      platformData<{ list: AttendPayment[] }>(request, "/team/payment", { query: { teamId: team.id } }),
    ]);
    members = memberList.list;
    total = count;
    payments = paid.list;
  }
  return data(
    {
      title: `${t("attend.teamTitle")} - ${t("meta.siteName")}`,
      lang,
      form,
      teams: teams.list,
      team,
      members,
      total,
      payments,
      payee,
      idempotencyKey: crypto.randomUUID(),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  requireSignedIn(request);
  const conferenceId = routeId(params.conferenceId);
  const t = await i18n.getFixedT(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const here = `/attend/teamRegistration/${conferenceId}`;
  const failed = (form: string, reply: unknown) => data({ form, result: reply, proofErrors: null as string[] | null }, { status: 400 });
  // The platform names a member's fields `members.0.mobile`; the member form has one member.
  const refusal = (result: Refusal) => refusalMessages(result, (path) => path.replace(/^members\.\d+\./, ""));

  if (intent === "team") {
    const submission = parseForm(formData, teamForm);
    if (submission.status !== "success") return failed("team", submission.reply());
    const made = await callPlatform<Team>(request, "/team", { method: "POST", body: { ...submission.value, conferenceId } });
    if (!made.ok) return failed("team", submission.reply(refusal(made)));
    // The same name sent again (a second click) is the team made first (decision 052).
    const content = made.data.replayed ? t("attend.teamExists", { name: made.data.name }) : t("attend.teamCreated");
    throw await redirectWithNotice(request, `${here}?team=${made.data.id}`, { content, color: "success" });
  }
  if (intent === "member") {
    const submission = parseForm(formData, memberForm);
    if (submission.status !== "success") return failed("member", submission.reply());
    const added = await callPlatform(request, "/team/user", { method: "POST", body: submission.value });
    if (!added.ok) return failed("member", submission.reply(refusal(added)));
    throw await redirectWithNotice(request, `${here}?team=${submission.value.teamId}`, { content: t("attend.memberAdded"), color: "success" });
  }
  const teamId = parseId(formData.get("teamId"));
  const back = `${here}?team=${teamId ?? ""}`;
  /** The proof, stored (and kept, private) at the first post whatever the answer (decision 017): its key, or why not. */
  const proofKept = () => String(formData.get("proofKept") ?? "");
  const proofFailed = (form: string, proofErrors: string[]) => data({ form, result: null, proofErrors, kept: proofKept() }, { status: 400 });
  const uploadProof = async (): Promise<{ key: string } | { errors: string[] }> => {
    const kept = await keepUploads(request, formData, `team:${conferenceId}`, "document", [{ name: "proof" }], { savedAllowed: false });
    if (kept.errors.proof) return { errors: kept.errors.proof };
    const key = String(formData.get("proof") ?? "");
    return key ? { key } : { errors: [t("payment.validation.proofRequired")] };
  };
  if (intent === "pay") {
    const proof = await uploadProof();
    if ("errors" in proof) return proofFailed("pay", proof.errors);
    const paid = await callPlatform(request, "/team/payment", {
      method: "POST",
      body: { teamId, method: "transfer", proofKey: proof.key, idempotencyKey: formData.get("idempotencyKey") || undefined },
    });
    if (!paid.ok) return proofFailed("pay", paid.messages);
    throw await redirectWithNotice(request, back, { content: t("attend.proofSent"), color: "success" });
  }
  const paymentId = parseId(formData.get("paymentId"));
  if ((intent === "replace" || intent === "withdraw") && paymentId === null) throw notFound();
  if (intent === "replace") {
    const proof = await uploadProof();
    if ("errors" in proof) return proofFailed("replace", proof.errors);
    const replaced = await callPlatform(request, `/team/payment/${paymentId}`, { method: "PUT", body: { proofKey: proof.key } });
    if (!replaced.ok) return proofFailed("replace", replaced.messages);
    throw await redirectWithNotice(request, back, { content: t("payment.team.replaced"), color: "success" });
  }
  if (intent === "withdraw") {
    // Without JavaScript the page asks first (ConfirmForm); only `confirmed=1` withdraws.
    if (formData.get("confirmed") !== "1") return { form: "withdraw", result: null, proofErrors: null, confirm: "withdraw" };
    const removed = await callPlatform(request, "/team/payment", { method: "PATCH", body: { id: paymentId } });
    if (!removed.ok) throw await redirectWithNotice(request, back, dangerNotices(removed.messages));
    throw await redirectWithNotice(request, back, { content: t("payment.team.withdrawn"), color: "success" });
  }
  return data({ form: "", result: null, proofErrors: null }, { status: 400 });
}

export default function TeamRegistration() {
  const { form: info, teams, team, members, total, payments, payee, lang, idempotencyKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const conferenceName = pick(lang, info.conference.nameZh, info.conference.nameEn);
  const waiting = payments.find((p) => p.state === "pending_audit");
  const memberFresh = useFreshAfterSuccess((sent) => sent.get("intent") === "member", actionData?.form === "member");
  const teamFresh = useFreshAfterSuccess((sent) => sent.get("intent") === "team", actionData?.form === "team");
  const refused = waiting ? undefined : payments.find((p) => p.state === "rejected");

  return (
    <div className="ui-container ui-attend-page">
      <p className="ui-muted">
        <Link to={`/attend/${info.conference.id}`}>{t("attend.backToForm")}</Link>
      </p>
      <h1 className="ui-page-title">{t("attend.teamTitle")}</h1>
      <p className="ui-attend-conf-name" {...enteredLang(conferenceName)}>
        {conferenceName}
      </p>

      {teams.length > 1 && (
        <nav aria-label={t("attend.myTeams")} className="ui-row">
          {teams.map((row) => (
            <Link key={row.id} to={`?team=${row.id}`} aria-current={row.id === team?.id ? "page" : undefined} className="ui-tab" {...enteredLang(row.name)}>
              {row.name}
            </Link>
          ))}
        </nav>
      )}

      {team && (
        <section className="ui-attend-section" aria-labelledby="team-members-title">
          <h2 id="team-members-title" className="ui-section-title" data-testid="team-name">
            <span {...enteredLang(team.name)}>{team.name}</span>
          </h2>
          {members.length === 0 ? (
            <p className="ui-muted">{t("attend.noMembers")}</p>
          ) : (
            <table className="ui-table ui-attend-members" data-testid="members">
              <thead>
                <tr>
                  <th scope="col">{t("auth.name")}</th>
                  <th scope="col">{t("auth.mobile")}</th>
                  <th scope="col">{t("attend.identity")}</th>
                  <th scope="col">{t("attend.fee")}</th>
                  <th scope="col">{t("attend.paymentState")}</th>
                  <th scope="col">{t("attend.team.place")}</th>
                </tr>
              </thead>
              <tbody>
                {members.map((m) => (
                  <tr key={m.id}>
                    <td data-label={t("auth.name")} data-nowrap {...enteredLang(m.name)}>
                      {m.name}
                    </td>
                    <td data-label={t("auth.mobile")} data-nowrap>
                      {m.mobile}
                    </td>
                    <td data-label={t("attend.identity")}>{m.identity ? pick(lang, m.identity.nameZh, m.identity.nameEn) : ""}</td>
                    <td data-label={t("attend.fee")} data-nowrap>
                      {formatMoney(m.feeFen, m.currency)}
                    </td>
                    <td data-label={t("attend.paymentState")}>{m.paymentState ? t(`payment.states.${m.paymentState}`) : t("attend.nothingToPay")}</td>
                    <td data-label={t("attend.team.place")} data-testid="member-place">
                      {m.holdExpired ? t("attend.hold.expiredBadge") : m.holdsPlace ? t("attend.team.holding") : t("attend.team.unclaimed")}
                      <HoldNotice registration={m} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="ui-muted" data-testid="team-rules">
            {t("attend.team.rules", { max: TEAM_MAX_MEMBERS })}
          </p>
          {total && (
            <p className="ui-attend-quote" data-testid="team-total">
              {t("attend.teamTotal", { count: total.count, amount: formatMoney(total.totalFen, total.currency) })}
            </p>
          )}
          {waiting && (
            <p className="ui-banner" role="status" data-testid="awaiting-audit">
              {t("attend.teamAwaitingAudit", { amount: formatMoney(waiting.amountFen, waiting.currency) })}
            </p>
          )}
          {refused && (
            <p className="ui-banner" role="status" data-testid="team-payment-rejected">
              {t("payment.team.rejected", { remark: refused.remark ?? "" })}
            </p>
          )}
          {waiting && (
            <WaitingPayment
              teamId={team.id}
              conferenceId={info.conference.id}
              payment={waiting}
              busy={busy}
              errors={actionData?.form === "replace" ? (actionData.proofErrors ?? undefined) : undefined}
              kept={actionData?.form === "replace" && "kept" in actionData ? String(actionData.kept) : null}
            />
          )}

          {/* Empty again after its own success; what is half-typed stays while another form is sent. */}
          <MemberForm key={`${team.id}-${memberFresh}`} teamId={team.id} busy={busy} />

          {total && total.totalFen > 0 && !waiting && (
            <Form method="post" encType="multipart/form-data" className="ui-card ui-stack ui-attend-section" aria-labelledby="team-pay-title">
              <h3 id="team-pay-title" className="ui-section-title">
                {t("attend.teamPay")}
              </h3>
              {payee && (
                <dl className="ui-attend-quote">
                  <dt>{t("attend.payeeName")}</dt>
                  <dd {...enteredLang(payee.accountName)}>{payee.accountName}</dd>
                  <dt>{t("attend.payeeBank")}</dt>
                  <dd {...enteredLang(payee.bankName)}>{payee.bankName}</dd>
                  <dt>{t("attend.payeeAccount")}</dt>
                  <dd>{payee.accountNo}</dd>
                </dl>
              )}
              <input type="hidden" name="intent" value="pay" />
              <input type="hidden" name="teamId" value={team.id} />
              <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
              <UploadField
                name="proof"
                id="team-proof"
                label={t("attend.proof")}
                accept={DOCUMENT_TYPES}
                document
                keep={`team:${info.conference.id}`}
                kept={actionData?.form === "pay" && "kept" in actionData ? String(actionData.kept) : null}
              />
              <FieldError id="team-proof-error" errors={actionData?.form === "pay" ? (actionData.proofErrors ?? undefined) : undefined} />
              <button type="submit" className="ui-button" disabled={busy} data-testid="team-pay">
                {t("attend.teamPayButton", { amount: formatMoney(total.totalFen, total.currency) })}
              </button>
            </Form>
          )}
        </section>
      )}

      <NewTeamForm key={teamFresh} busy={busy} />
    </div>
  );
}

/** One member to add to the team; empty again after each member added. */
function MemberForm({ teamId, busy }: { teamId: number; busy: boolean }) {
  const { form: info, lang } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const [memberFormMeta, memberFields] = useForm<z.input<typeof memberForm>>({
    id: `member-${teamId}`,
    lastResult: actionData?.form === "member" ? actionData.result : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, memberForm),
  });
  return (
    <Form method="post" className="ui-card ui-stack ui-attend-section" {...getFormProps(memberFormMeta)} aria-labelledby="member-title">
      <h3 id="member-title" className="ui-section-title">
        {t("attend.addMember")}
      </h3>
      <input type="hidden" name="intent" value="member" />
      <input type="hidden" name="teamId" value={teamId} />
      {memberFormMeta.errors?.map((message) => (
        <p key={message} className="ui-field-error" role="alert">
          {t(message)}
        </p>
      ))}
      <div className="ui-field">
        <label className="ui-label" htmlFor={memberFields.name.id}>
          {t("auth.name")}
        </label>
        <input className="ui-input" {...getInputProps(memberFields.name, { type: "text" })} />
        <FieldError id={memberFields.name.errorId} errors={memberFields.name.errors} />
      </div>
      <div className="ui-field">
        <label className="ui-label" htmlFor={memberFields.mobile.id}>
          {t("auth.mobile")}
        </label>
        <input className="ui-input" {...getInputProps(memberFields.mobile, { type: "tel" })} />
        <FieldError id={memberFields.mobile.errorId} errors={memberFields.mobile.errors} />
      </div>
      {info.identities.length > 0 && (
        <div className="ui-field">
          <label className="ui-label" htmlFor={memberFields.identityId.id}>
            {t("attend.identity")}
          </label>
          <select
            className="ui-input"
            id={memberFields.identityId.id}
            name={memberFields.identityId.name}
            defaultValue={String(memberFields.identityId.initialValue ?? "")}
          >
            <option value="">{t("attend.chooseIdentity")}</option>
            {info.identities.map((identity) => (
              <option key={identity.id} value={identity.id}>
                {pick(lang, identity.nameZh, identity.nameEn)}
              </option>
            ))}
          </select>
          <FieldError id={memberFields.identityId.errorId} errors={memberFields.identityId.errors} />
        </div>
      )}
      <div className="ui-field">
        <label className="ui-label" htmlFor={memberFields.email.id}>
          {t("attend.email")}
        </label>
        <input className="ui-input" {...getInputProps(memberFields.email, { type: "email" })} />
        <FieldError id={memberFields.email.errorId} errors={memberFields.email.errors} />
      </div>
      <button type="submit" className="ui-button-outline" disabled={busy} data-testid="add-member">
        {t("attend.addMember")}
      </button>
    </Form>
  );
}

/** A new team; empty again after each team made. */
function NewTeamForm({ busy }: { busy: boolean }) {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const [teamFormMeta, teamFields] = useForm<z.input<typeof teamForm>>({
    id: "team",
    lastResult: actionData?.form === "team" ? actionData.result : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, teamForm),
  });
  return (
    <Form method="post" className="ui-card ui-stack ui-attend-section" {...getFormProps(teamFormMeta)} aria-labelledby="new-team-title">
      <h2 id="new-team-title" className="ui-section-title">
        {t("attend.newTeam")}
      </h2>
      <input type="hidden" name="intent" value="team" />
      {teamFormMeta.errors?.map((message) => (
        <p key={message} className="ui-field-error" role="alert">
          {t(message)}
        </p>
      ))}
      <div className="ui-field">
        <label className="ui-label" htmlFor={teamFields.name.id}>
          {t("attend.teamName")}
        </label>
        <input className="ui-input" {...getInputProps(teamFields.name, { type: "text" })} />
        <FieldError id={teamFields.name.errorId} errors={teamFields.name.errors} />
      </div>
      <button type="submit" className="ui-button-outline" disabled={busy} data-testid="create-team">
        {t("attend.createTeam")}
      </button>
    </Form>
  );
}

/** A team transfer awaiting audit: its proof, a new proof in its place, or withdrawn to pay again. */
function WaitingPayment({
  teamId,
  conferenceId,
  payment,
  busy,
  errors,
  kept,
}: {
  teamId: number;
  conferenceId: number;
  payment: AttendPayment;
  busy: boolean;
  errors?: string[];
  kept?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <section className="ui-card ui-stack ui-attend-section" aria-labelledby="team-proof-title" data-testid="team-payment">
      <h3 id="team-proof-title" className="ui-section-title">
        {t("payment.team.replaceTitle")}
      </h3>
      <p className="ui-muted">{t("payment.team.replaceHelp")}</p>
      {payment.proofKey && (
        <p>
          <a href={`/files/${payment.proofKey}`}>{t("payment.team.seeProof")}</a>
        </p>
      )}
      <Form method="post" encType="multipart/form-data" className="ui-stack">
        <input type="hidden" name="intent" value="replace" />
        <input type="hidden" name="teamId" value={teamId} />
        <input type="hidden" name="paymentId" value={payment.id} />
        <UploadField name="proof" id="team-new-proof" label={t("attend.proof")} accept={DOCUMENT_TYPES} document keep={`team:${conferenceId}`} kept={kept} />
        <FieldError id="team-new-proof-error" errors={errors} />
        <button type="submit" className="ui-button-outline" disabled={busy} data-testid="replace-proof">
          {t("payment.team.replace")}
        </button>
      </Form>
      <ConfirmForm
        title={t("payment.team.withdrawQuestion", { amount: formatMoney(payment.amountFen, payment.currency) })}
        fields={{ intent: "withdraw", teamId: String(teamId), paymentId: String(payment.id) }}
      >
        {t("payment.team.withdraw")}
      </ConfirmForm>
    </section>
  );
}
