/**
 * The attendee's screens (issue 14): what they show after the states that matter (a check-in, a
 * wrong SMS code, a team, an approved sponsor's logo), and every screen of the attendee's area
 * at 390 and 1366 px in Chinese and English with no layout finding (tests/e2e/layout.ts) and no
 * axe violation at any impact.
 */
import type { Page } from "@playwright/test";
import { organiserToken, proof, registeredAndOnPayPage, showcase, uploadedProof } from "./attend-support";
import { useLanguage, sweep } from "./layout";
import {
  cookieValue,
  expect,
  expectNotice,
  freshMobile,
  hasJs,
  projectName,
  ready,
  readCode,
  registerNew,
  sessionCookie,
  test,
  TOKEN_COOKIE,
  wrongCode,
  api,
} from "./support";

/** A new published free conference of the demo organiser (no fee: a registration is confirmed at once). */
async function freeConference(page: Page, tag: string) {
  const token = await organiserToken(page);
  const { id } = await api<{ id: number }>(page.request, "POST", "/conference", token, {
    nameZh: `签到展示会议 ${tag}`,
    nameEn: `Check-in showcase ${tag}`,
    startDate: "2027-05-10",
    endDate: "2027-05-11",
    cityZh: "杭州",
  });
  await api(page.request, "PATCH", `/conference/${id}`, token, { isPublish: true });
  return { id, token };
}

test("a wrong code in quick sign-in is refused on the code field, keeping what was typed", async ({ page }) => {
  const form = await showcase(page.request);
  await page.goto(`/attend/${form.conference.id}`);
  await ready(page);
  const quick = page.locator("#quick-login");
  const mobile = freshMobile();
  await quick.locator('input[name="mobile"]').fill(mobile);
  await quick.getByTestId("send-code").click();
  await expect(quick.getByTestId("code-sent")).toContainText(mobile);
  const code = await readCode(mobile);
  await quick.locator('input[name="code"]').fill(wrongCode(code));
  await quick.getByRole("button", { name: "登录并报名" }).click();
  const codeField = quick.locator(".ui-field").filter({ has: page.locator('input[name="code"]') });
  await expect(codeField.locator(".ui-field-error")).toHaveText("验证码错误或已失效");
  await expect(codeField.locator('input[name="code"]')).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(new RegExp(`/attend/${form.conference.id}$`));
  await expect(quick.locator('input[name="mobile"]')).toHaveValue(mobile);
  await expect(quick.locator('input[name="code"]')).toHaveValue(wrongCode(code));
});

test("a new account's empty lists say what is not there yet and offer the next step", async ({ page }) => {
  await registerNew(page, "新来的人");
  await page.goto("/attend");
  const registrations = page.getByTestId("empty");
  await expect(registrations).toContainText("您还没有报名任何会议。");
  await registrations.getByRole("link", { name: "去找会议" }).click();
  await expect(page).toHaveURL(/\/search$/);
  await page.goto("/manage");
  const conferences = page.getByTestId("empty-state");
  await expect(conferences).toBeVisible();
  await conferences.getByRole("link", { name: "创建会议" }).click();
  await expect(page).toHaveURL(/\/create$/);
});

test("an attendee sees on /attend that the desk checked them in, and when (China time)", async ({ page }) => {
  const { id, token } = await freeConference(page, `${projectName()}-${Date.now().toString(36)}`);
  await registerNew(page, "签到者");
  const mine = await api<{ id: number }>(page.request, "POST", "/conference/user", await cookieValue(page, TOKEN_COOKIE), {
    conferenceId: id,
    name: "签到者",
  });
  await page.goto("/attend");
  const row = page.locator(`[data-testid="registration"][data-id="${mine.id}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId("checked-in")).toHaveCount(0);
  const done = await api<{ registration: { checkedInAt: string } }>(page.request, "POST", "/user/checkin", token, {
    conferenceId: id,
    registrationId: mine.id,
  });
  const china = new Date(new Date(done.registration.checkedInAt).getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace("T", " ");
  await page.reload();
  await expect(row.getByTestId("checked-in")).toHaveText(`已签到 ${china}（北京时间）`);
  await useLanguage(page.context(), "en");
  await page.reload();
  await expect(row.getByTestId("checked-in")).toHaveText(`Checked in ${china} (China time)`);
});

test("a team's forms start empty after each success, and the same team sent twice is one team", async ({ page, javaScriptEnabled }) => {
  const form = await showcase(page.request);
  const identity = form.identities.find((i) => i.fee)!;
  await registerNew(page, "领队");
  const here = `/attend/teamRegistration/${form.conference.id}`;
  await page.goto(here);
  await ready(page);
  await page.getByLabel("团队名称").fill("重复提交课题组");
  await page.getByTestId("create-team").click();
  await expectNotice(page, "团队已创建");
  await expect(page.getByTestId("team-name")).toHaveText("重复提交课题组");
  await expect(page.getByLabel("团队名称")).toHaveValue("");
  // The same name again (the second click of a slow network): the first team, no twin.
  await ready(page);
  await page.getByLabel("团队名称").fill("重复提交课题组");
  await page.getByTestId("create-team").click();
  await expectNotice(page, "你已有名为“重复提交课题组”的团队，已为你打开");
  await expect(page.getByRole("navigation", { name: "我的团队" })).toHaveCount(0);

  const add = page.locator('form[aria-labelledby="member-title"]');
  await ready(page);
  // A new team's name half-typed while a member is added: with JavaScript the page reloads its data in place, and
  // the name stays (only the form that was sent starts empty). Without it the browser loads a new page.
  const halfTyped = "课题组（未完）";
  await page.getByLabel("团队名称").fill(halfTyped);
  await add.getByLabel("姓名").fill("成员戊");
  await add.getByLabel("手机号").fill(freshMobile());
  await add.getByLabel("参会身份").selectOption(String(identity.id));
  await add.getByTestId("add-member").click();
  await expect(page.getByTestId("members")).toContainText("成员戊");
  await expect(add.getByLabel("姓名")).toHaveValue("");
  await expect(add.getByLabel("手机号")).toHaveValue("");
  await expect(add.getByLabel("参会身份")).toHaveValue("");
  await expect(page.getByLabel("团队名称")).toHaveValue(javaScriptEnabled ? halfTyped : "");
});

test("an approved sponsor's logo loads on the conference page for a signed-out visitor", async ({ page }) => {
  const form = await showcase(page.request);
  const company = `标志公司 ${projectName()} ${Date.now().toString(36)}`;
  await registerNew(page, "赞助联系人");
  await page.goto(`/sponsorRegistration/${form.conference.id}`);
  await ready(page);
  const apply = page.getByTestId("application-form");
  await apply.getByLabel("赞助", { exact: true }).check();
  await apply.getByLabel("公司名称").fill(company);
  await apply.getByLabel("联系人").fill("钱赞助");
  await apply.getByLabel("联系电话").fill("0571-88886666");
  await apply.getByLabel("邮箱").fill("sponsor@example.com");
  await apply.getByLabel("赞助级别").fill("金牌");
  await apply.getByLabel("公司标志").setInputFiles({ ...proof, name: "logo.png" });
  if (hasJs()) await expect(apply.getByTestId("logo-kept")).toBeVisible();
  await apply.getByRole("button", { name: "提交申请" }).click();
  await expectNotice(page, "申请已提交，等待主办方审核");

  await page.context().clearCookies();
  const token = await organiserToken(page);
  const listed = await api<{ list: Array<{ id: number; company: string }> }>(page.request, "GET", `/sponsor/manage/${form.conference.id}?pageSize=100`, token);
  const row = listed.list.find((s) => s.company === company)!;
  await api(page.request, "PATCH", `/sponsor/${row.id}`, token, { state: "approved" });

  await page.context().clearCookies();
  await page.goto(`/conf/${form.conference.id}`);
  const logo = page.locator(".ui-conf-company-link, .ui-conf-block").filter({ hasText: company }).locator("img").first();
  const src = (await logo.getAttribute("src"))!;
  const served = await page.request.get(src);
  expect(served.status(), src).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");
  if (hasJs()) {
    await logo.scrollIntoViewIfNeeded();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
});

test.describe("every attendee screen at 390 and 1366 px, zh and en", () => {
  // The layout is the same with JavaScript off: one project keeps the run short.
  test.skip(() => projectName() !== "js", "layout and axe need JavaScript once; the journeys above run in both projects");

  test("the registration form, the payment page and the attendee's services", async ({ page }) => {
    test.setTimeout(120_000);
    const form = await showcase(page.request);
    const id = form.conference.id;
    // Signed out: the fee check and the quick sign-in.
    await sweep(page, "attendee-out", [`/attend/${id}`]);
    await useLanguage(page.context(), "zh");
    const { registration } = await registeredAndOnPayPage(page, "屏幕检查");
    await sweep(page, "attendee", [`/attend`, `/attend/${id}`, `/attend/pay/${registration.id}`, `/attend/hotel/${id}`, `/attend/travel/${id}`]);
  });

  test("the invoice request of a paid registration", async ({ page, baseURL }) => {
    const { registration, token } = await registeredAndOnPayPage(page, "屏幕发票");
    const proofKey = await uploadedProof(page.request, token);
    const payment = await api<{ id: number }>(page.request, "POST", "/payment", token, { registrationId: registration.id, method: "transfer", proofKey });
    // The organiser approves the transfer (signing the page out), then the attendee is back.
    await api(page.request, "PATCH", `/payment/${payment.id}`, await organiserToken(page), { state: "paid" });
    await page.context().addCookies([sessionCookie(token, baseURL!)]);
    await sweep(page, "attendee-invoice", [`/attend/invoice/${payment.id}`]);
  });

  test("papers, schedule, claim, sponsor pages", async ({ page }) => {
    test.setTimeout(120_000);
    const form = await showcase(page.request);
    const id = form.conference.id;
    await registerNew(page, "屏幕赞助");
    await sweep(page, "attendee-more", [`/attend/papers/${id}`, `/attend/schedule/${id}`, `/sponsorRegistration/${id}`, `/sponsorHotel/${id}`]);
  });

  test("a team with members, and a checked-in registration", async ({ page }) => {
    test.setTimeout(120_000);
    const form = await showcase(page.request);
    const identity = form.identities.find((i) => i.fee)!;
    const { id: free, token: organiser } = await freeConference(page, `screens-${Date.now().toString(36)}`);
    await registerNew(page, "欧阳娜娜");
    const token = (await cookieValue(page, TOKEN_COOKIE))!;
    const team = await api<{ id: number }>(page.request, "POST", "/team", token, {
      conferenceId: form.conference.id,
      name: "智能计算与系统国际学术会议筹备课题组",
    });
    const members = await api<{ list: Array<{ id: number }> }>(page.request, "POST", "/team/user", token, {
      teamId: team.id,
      members: [
        { name: "欧阳娜娜", mobile: freshMobile(), identityId: identity.id, email: "a.very.long.address.for.a.member@example-university.edu.cn" },
        { name: "Alexandra Konstantinopoulou", mobile: freshMobile(), identityId: identity.id },
      ],
    });
    const mine = await api<{ id: number }>(page.request, "POST", "/conference/user", token, { conferenceId: free, name: "欧阳娜娜" });
    await api(page.request, "POST", "/user/checkin", organiser, { conferenceId: free, registrationId: mine.id });
    await sweep(page, "attendee-team", [`/attend/teamRegistration/${form.conference.id}`, "/attend"]);
    // A member's claim page is for someone signed out.
    await page.context().clearCookies();
    await sweep(page, "attendee-claim", [`/attend/claime/${members.list[0].id}`]);
  });
});
