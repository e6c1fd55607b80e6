/**
 * Attendee services (issue 6), with JavaScript on and off: the last hotel room goes to one
 * attendee and the next one is told it is gone; a paper is submitted and its file replaced
 * while under review (and nobody else can download it); two sessions are subscribed and the
 * private agenda feed is fetched without cookies; a company applies as an exhibitor and then
 * requests rooms for its staff.
 *
 * The conference, its hotel, rooms and published schedule are made in each test through the
 * organiser's API (the seed stays as it is).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Locator, Page } from "@playwright/test";
import {
  cookieValue,
  demoAccounts,
  expect,
  expectNotice,
  hasJs,
  HYDRATION_HOOK,
  projectName,
  ready,
  registerNew,
  signedInAs,
  test,
  TOKEN_COOKIE,
  api,
} from "./support";

/** A 1×1 PNG and a tiny PDF: uploads sniff the bytes, so they must be real. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const pdf = (name: string) => ({ name, mimeType: "application/pdf", buffer: Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`) });

/** A browser of its own (JavaScript on or off as the project says), with the hydration marker. */
async function newPage(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: hasJs(), locale: "zh-CN", timezoneId: "Asia/Shanghai" });
  const page = await context.newPage();
  await page.addInitScript(HYDRATION_HOOK);
  return { page, context };
}

/**
 * A published conference (2027-03-10..12) of the demo organiser with a branch, a published
 * programme of three sessions, and a hotel whose one room type has `inventory` rooms.
 */
async function setupConference(browser: Browser, inventory: number) {
  const { page, context } = await newPage(browser);
  await signedInAs(page, demoAccounts.organiser.mobile);
  const token = (await cookieValue(page, TOKEN_COOKIE))!;
  const request = page.request;
  const tag = `${projectName()}-${Date.now().toString(36)}`;
  const name = `参会服务测试会议 ${tag}`;
  const { id } = await api<{ id: number }>(request, "POST", "/conference", token, {
    nameZh: name,
    nameEn: `Services test ${tag}`,
    startDate: "2027-03-10",
    endDate: "2027-03-12",
    cityZh: "杭州",
    addressZh: "西湖区文三路 1 号",
  });
  await api(request, "PATCH", `/conference/${id}`, token, { isPublish: true });
  const programme = await api<{ id: number }>(request, "POST", "/module", token, { conferenceId: id, type: "schedule", titleZh: "大会日程", visible: true });
  await api(request, "PATCH", `/schedule/${programme.id}`, token, { published: true });
  const branch = await api<{ id: number }>(request, "POST", "/branch", token, { conferenceId: id, nameZh: "机器学习分会场" });
  const sessions = [
    { titleZh: `开幕式 ${tag}`, startsAt: "2027-03-10T09:00", endsAt: "2027-03-10T09:30" },
    { titleZh: `大会特邀报告 ${tag}`, startsAt: "2027-03-10T10:00", endsAt: "2027-03-10T11:00", speakers: "王小明 / 浙江大学" },
    { titleZh: `分会场报告 ${tag}`, startsAt: "2027-03-11T14:00", endsAt: "2027-03-11T15:00", branchId: branch.id },
  ];
  for (const session of sessions) await api(request, "POST", "/schedule", token, { conferenceId: id, moduleId: programme.id, ...session });
  const hotel = await api<{ id: number }>(request, "POST", "/hotel", token, { conferenceId: id, nameZh: `西湖国宾馆 ${tag}`, addressZh: "杨公堤 18 号" });
  await api(request, "POST", "/hotel-room", token, {
    hotelId: hotel.id,
    typeZh: "湖景大床房",
    price: "600",
    inventory,
    startDate: "2027-03-09",
    endDate: "2027-03-13",
    showState: true,
  });
  await context.close();
  return { id, name, sessions: sessions.map((s) => s.titleZh) };
}

/** A new account in its own browser context (JS on or off as the project says), optionally registered for the conference. */
async function newAttendee(browser: Browser, conferenceId: number | null, name: string) {
  const { page, context } = await newPage(browser);
  await registerNew(page, name);
  if (conferenceId) {
    const token = (await cookieValue(page, TOKEN_COOKIE))!;
    await api(page.request, "POST", "/conference/user", token, { conferenceId, name });
  }
  return { page, context };
}

/** No serious or critical axe violations (checked with JavaScript on). */
async function expectAccessible(page: Page) {
  if (!hasJs()) return;
  await expect(page.locator('[data-testid="notices"] .ui-notice')).toHaveCount(0, { timeout: 10_000 });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`)).toEqual([]);
}

test("two attendees want the last room: the first books it, the second is told it is gone", async ({ browser }) => {
  test.setTimeout(120_000);
  const conference = await setupConference(browser, 1);
  const first = await newAttendee(browser, conference.id, "订房甲");
  const second = await newAttendee(browser, conference.id, "订房乙");

  // Both reach the booking from /attend; the second opens the form before the first books.
  await second.page.goto("/attend");
  await second.page.getByTestId("registration").filter({ hasText: conference.name }).getByRole("link", { name: "酒店预订" }).click();
  await expect(second.page).toHaveURL(`/attend/hotel/${conference.id}`);
  await expect(second.page.getByTestId("room-left")).toHaveText("每晚尚余 1 间");
  await ready(second.page);

  await first.page.goto(`/attend/hotel/${conference.id}`);
  await ready(first.page);
  await expectAccessible(first.page);
  const form = first.page.getByTestId("book-form");
  await form.getByLabel("入住日期").fill("2027-03-09");
  await form.getByLabel("离店日期").fill("2027-03-13");
  await form.getByLabel("合住意向").selectOption("share");
  await form.getByRole("button", { name: "提交预订" }).click();
  await expectNotice(first.page, "预订已提交，等待主办方审核");
  const booking = first.page.getByTestId("booking");
  await expect(booking.getByTestId("review-state")).toHaveText("待审核");
  await expect(booking.getByTestId("booking-price")).toHaveText("¥2,400.00");
  await expect(booking).toContainText("愿意合住");
  await expect(first.page.getByTestId("room-gone")).toHaveText("已订完：该房型的房间已被全部预订");

  // The second one's form was open: the platform refuses, and says why.
  await second.page.getByTestId("book-form").getByRole("button", { name: "提交预订" }).click();
  await expect(second.page.getByRole("alert").filter({ hasText: "房间已被订完" })).toBeVisible();
  await second.page.goto(`/attend/hotel/${conference.id}`);
  await expect(second.page.getByTestId("room-gone")).toBeVisible();
  await expect(second.page.getByTestId("book-form")).toHaveCount(0);
  await expect(second.page.getByTestId("booking")).toHaveCount(0);

  // A change while pending is checked against the room's window, and nothing typed is lost.
  await first.page.goto(`/attend/hotel/${conference.id}`);
  await ready(first.page);
  await first.page.getByTestId("booking").getByText("修改", { exact: true }).click();
  const change = first.page.getByTestId("booking").locator("form").first();
  await change.getByLabel("离店日期").fill("2027-03-09");
  await change.getByRole("button", { name: "保存修改" }).click();
  await expect(first.page.getByText("离店日期须晚于入住日期")).toBeVisible();
  await expect(first.page.getByTestId("booking").locator('input[name="checkOut"]')).toHaveValue("2027-03-09");

  // Travel for pick-up planning, from the services' links: a half-given leg is refused, then saved and editable.
  await first.page.getByTestId("service-links").getByRole("link", { name: "行程信息" }).click();
  await expect(first.page).toHaveURL(`/attend/travel/${conference.id}`);
  await ready(first.page);
  const travel = first.page.getByTestId("travel-form");
  await travel.getByRole("group", { name: "抵达" }).getByLabel("交通方式").selectOption("train");
  await travel.getByRole("group", { name: "抵达" }).getByLabel("航班号/车次").fill("G7311");
  await travel.getByRole("button", { name: "保存行程" }).click();
  await expect(travel.getByText("请填写此项").first()).toBeVisible();
  await expect(travel.getByRole("group", { name: "抵达" }).getByLabel("航班号/车次")).toHaveValue("G7311");
  await ready(first.page);
  await travel.getByRole("group", { name: "抵达" }).getByLabel("时间").fill("2027-03-09T15:30");
  await travel.getByRole("group", { name: "抵达" }).getByLabel("抵达站点或机场").fill("杭州东站");
  await travel.getByRole("button", { name: "保存行程" }).click();
  await expectNotice(first.page, "行程已保存");
  await expect(first.page.getByTestId("travel-saved")).toBeVisible();
  await expect(first.page.getByTestId("travel-form").getByRole("group", { name: "抵达" }).getByLabel("抵达站点或机场")).toHaveValue("杭州东站");
  await first.context.close();
  await second.context.close();
});

test("an attendee submits a paper, replaces its file while under review, and only they can download it", async ({ browser }) => {
  test.setTimeout(120_000);
  const conference = await setupConference(browser, 5);
  const author = await newAttendee(browser, conference.id, "论文作者");
  const other = await newAttendee(browser, conference.id, "旁人");
  const page = author.page;
  const title = `面向边缘设备的模型压缩 ${projectName()}`;

  await page.goto("/attend");
  await page.getByTestId("registration").filter({ hasText: conference.name }).getByRole("link", { name: "论文与文件" }).click();
  await expect(page).toHaveURL(`/attend/papers/${conference.id}`);
  await ready(page);
  const form = page.getByTestId("paper-form");
  // A paper without a title or authors is refused field by field; what was typed stays, the chosen file too (decision 017).
  await form.getByLabel("摘要").fill("我们提出一种压缩方法。");
  await form.locator('input[type="file"]').setInputFiles(pdf("paper.pdf"));
  if (hasJs()) await expect(form.getByTestId("uploadKey-kept")).toBeVisible();
  await form.getByRole("button", { name: "提交论文" }).click();
  await expect(form.getByText("请填写此项").first()).toBeVisible();
  await expect(form.getByText("请至少填写一位作者")).toBeVisible();
  await expect(form.getByLabel("摘要")).toHaveValue("我们提出一种压缩方法。");
  await expect(form.getByTestId("uploadKey-kept").getByRole("link", { name: "paper.pdf" })).toBeVisible();
  await ready(page);

  await form.getByLabel("论文题目").fill(title);
  await form.getByLabel("作者 1").fill("陈思远");
  await form.getByLabel("单位 1").fill("浙江大学");
  await form.getByLabel("作者 2").fill("Li Wei");
  await form.getByLabel("单位 2").fill("MIT");
  await form.getByLabel("关键词").fill("模型压缩, 边缘计算");
  await form.getByLabel("主题/分会场").selectOption({ label: "机器学习分会场" });
  await form.getByRole("button", { name: "提交论文" }).click();
  await expectNotice(page, "论文已提交，等待主办方审核");
  const paper = page.getByTestId("paper").filter({ hasText: title });
  await expect(paper.getByTestId("review-state")).toHaveText("待审核");
  await expect(paper).toContainText("陈思远（浙江大学）；Li Wei（MIT）");
  await expect(paper).toContainText("机器学习分会场");
  await expect(paper.getByTestId("file-link")).toHaveText("paper.pdf");
  await expectAccessible(page);

  // Replace the file while pending.
  await ready(page);
  await paper.getByText("修改或替换文件").click();
  const edit = paper.getByTestId("paper-edit");
  await edit.locator('input[type="file"]').setInputFiles(pdf("paper-v2.pdf"));
  if (hasJs()) await expect(edit.getByTestId("uploadKey-kept")).toBeVisible();
  await edit.getByRole("button", { name: "保存修改" }).click();
  await expectNotice(page, "论文已更新");
  await expect(page.getByTestId("paper").filter({ hasText: title }).getByTestId("file-link")).toHaveText("paper-v2.pdf");

  // My file downloads for me, as an attachment; another attendee gets nothing.
  const href = (await page.getByTestId("paper").filter({ hasText: title }).getByTestId("file-link").getAttribute("href"))!;
  const mine = await page.request.get(href);
  expect(mine.status()).toBe(200);
  expect(mine.headers()["content-disposition"]).toContain("attachment");
  expect((await mine.body()).toString()).toContain("paper-v2.pdf");
  expect((await other.page.request.get(href, { maxRedirects: 0 })).status()).toBe(404);
  await author.context.close();
  await other.context.close();
});

test("an attendee subscribes to two sessions and fetches the agenda feed without cookies", async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  const conference = await setupConference(browser, 5);
  const attendee = await newAttendee(browser, conference.id, "听众");
  const page = attendee.page;

  // From the conference page's programme to the subscription screen.
  await page.goto(`/${conference.id}`);
  await page.getByTestId("subscribe-sessions").first().click();
  await expect(page).toHaveURL(`/attend/schedule/${conference.id}`);
  await expect(page.getByTestId("session")).toHaveCount(3);
  await expect(page.getByRole("heading", { name: "机器学习分会场" })).toBeVisible();
  await expectAccessible(page);
  for (const title of conference.sessions.slice(0, 2)) {
    await ready(page);
    await page.getByRole("button", { name: `订阅 ${title}` }).click();
    await expectNotice(page, "已订阅");
    await expect(page.getByRole("button", { name: `取消订阅 ${title}` })).toBeVisible();
  }
  await expect(page.getByText("已订阅 2 场。")).toBeVisible();

  await page.getByRole("link", { name: "查看我的日程" }).click();
  await expect(page).toHaveURL("/attend/agenda");
  await expect(page.getByTestId("session")).toHaveCount(2);
  await expectAccessible(page);
  const feedUrl = await page.getByTestId("feed-url").inputValue();
  expect(feedUrl).toMatch(/\/attend\/agenda\/\d+-[A-Za-z0-9_-]{32}\.ics$/);

  // A calendar app has no cookies: the token alone opens the feed.
  const calendarApp = await playwright.request.newContext();
  const feed = await calendarApp.get(feedUrl);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toContain("text/calendar");
  const ics = (await feed.text()).replace(/\r\n /g, "");
  expect(ics).toContain("BEGIN:VCALENDAR");
  expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  expect(ics).toContain(`SUMMARY:${conference.sessions[0]}`);
  expect(ics).toContain(`SUMMARY:${conference.sessions[1]}`);
  expect(ics).not.toContain(conference.sessions[2]);
  expect(ics).toContain("DTSTART:20270310T010000Z");
  expect(ics).toContain("王小明 (浙江大学)");
  const forged = await calendarApp.get(feedUrl.replace(/\/(\d+)-/, (_, id: string) => `/${Number(id) + 1}-`));
  expect(forged.status()).toBe(404);
  await calendarApp.dispose();

  // Unsubscribing from the agenda drops the session from the feed too.
  await ready(page);
  await page.getByRole("button", { name: `取消订阅 ${conference.sessions[0]}` }).click();
  await expectNotice(page, "已取消订阅");
  await expect(page.getByTestId("session")).toHaveCount(1);
  await attendee.context.close();
});

test("a company applies as an exhibitor, then requests rooms for its staff", async ({ browser }) => {
  test.setTimeout(120_000);
  const conference = await setupConference(browser, 4);
  const company = await newAttendee(browser, null, "展商联系人");
  const page = company.page;

  // Rooms first: without an application the page says what is needed.
  await page.goto(`/sponsorHotel/${conference.id}`);
  await expect(page.getByTestId("needs-application")).toContainText("需先提交本会议的赞助或参展申请");
  await page.getByRole("link", { name: "前往提交申请" }).click();
  await expect(page).toHaveURL(`/sponsorRegistration/${conference.id}`);
  await ready(page);
  await expectAccessible(page);

  const form = page.getByTestId("application-form");
  await form.getByLabel("参展", { exact: true }).check();
  await form.getByLabel("公司名称").fill("量子仪器有限公司");
  await form.getByLabel("联系电话").fill("0571-88886666");
  await form.getByLabel("公司标志").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  if (hasJs()) await expect(form.getByTestId("logo-kept")).toBeVisible();
  await form.getByLabel("添加资料（可多选）").setInputFiles([pdf("brochure.pdf"), pdf("catalogue.pdf")]);
  await form.getByRole("button", { name: "提交申请" }).click();
  // Refused field by field: contact, e-mail, booth; what was typed stays, and the files chosen stay attached (decision 017).
  await expect(form.getByText("参展申请请填写展位")).toBeVisible();
  await expect(form.getByText("请填写此项").first()).toBeVisible();
  await expect(form.getByLabel("公司名称")).toHaveValue("量子仪器有限公司");
  await expect(form.getByTestId("logo-kept").getByRole("link", { name: "logo.png" })).toBeVisible();
  await expect(form.getByTestId("materials-kept")).toHaveText([/brochure\.pdf/, /catalogue\.pdf/]);
  await ready(page);
  await form.getByLabel("联系人").fill("赵敏");
  await form.getByLabel("邮箱").fill("expo@example.com");
  await form.getByLabel("展位").fill("A12");
  await form.getByRole("button", { name: "提交申请" }).click();
  await expectNotice(page, "申请已提交，等待主办方审核");
  const application = page.getByTestId("application");
  await expect(application.getByTestId("review-state")).toHaveText("待审核");
  await expect(application).toContainText("量子仪器有限公司 · 参展");
  await expect(application.getByTestId("file-link")).toHaveText(["logo.png", "brochure.pdf", "catalogue.pdf"]);

  // Rooms for the staff, held pending against the room's inventory.
  await page.getByTestId("to-sponsor-hotel").click();
  await expect(page).toHaveURL(`/sponsorHotel/${conference.id}`);
  await ready(page);
  await expectAccessible(page);
  const rooms = page.getByTestId("sponsor-room-form");
  await rooms.getByLabel("入住日期").fill("2027-03-09");
  await rooms.getByLabel("离店日期").fill("2027-03-12");
  await rooms.getByLabel("房间数").fill("2");
  await rooms.getByLabel("姓名 1").fill("王工");
  await rooms.getByLabel("手机号 1").fill("13912345678");
  await rooms.getByLabel("姓名 2").fill("李工");
  await rooms.getByRole("button", { name: "申请房间" }).click();
  await expectNotice(page, "住宿申请已提交，等待主办方审核");
  const requested = page.getByTestId("sponsor-request");
  await expect(requested.getByTestId("review-state")).toHaveText("待审核");
  await expect(requested).toContainText("王工（13912345678）、李工");
  await expect(page.getByTestId("room-left")).toHaveText("每晚尚余 2 间");
  await company.context.close();
});

test("a booking's change form shows what another tab saved once the page's next post brings it back, and saving it keeps that", async ({ browser }) => {
  test.setTimeout(120_000);
  const conference = await setupConference(browser, 2);
  const { page, context } = await newAttendee(browser, conference.id, "两间房");
  const hotel = `/attend/hotel/${conference.id}`;
  await page.goto(hotel);
  for (const [count, sharing] of [
    [1, "single"],
    [2, "share"],
  ] as const) {
    await ready(page);
    const form = page.getByTestId("book-form");
    await form.getByLabel("入住日期").fill("2027-03-10");
    await form.getByLabel("离店日期").fill("2027-03-11");
    await form.getByLabel("合住意向").selectOption(sharing);
    await form.getByRole("button", { name: "提交预订" }).click();
    await expectNotice(page, "预订已提交，等待主办方审核");
    await expect(page.getByTestId("booking")).toHaveCount(count);
  }
  const sharingOf = (on: Page, index: number) => on.getByTestId("booking").nth(index).locator('select[name="sharing"]');
  await ready(page);
  const single = (await sharingOf(page, 0).inputValue()) === "single" ? 0 : 1;
  const shared = 1 - single;

  /** Opens booking `index`'s change form on `on`, fills it, saves it and waits for the notice. */
  const changeBooking = async (on: Page, index: number, fill: (form: Locator) => Promise<unknown>) => {
    const card = on.getByTestId("booking").nth(index);
    await card.getByText("修改", { exact: true }).click();
    await fill(card.locator("form").first());
    await card.locator("form").first().getByRole("button", { name: "保存修改" }).click();
    await expectNotice(on, "预订已修改");
  };
  const checkOutOn12 = (form: Locator) => form.getByLabel("离店日期").fill("2027-03-12");

  // Another tab of the same attendee changes the single booking to "either".
  const other = await context.newPage();
  await other.addInitScript(HYDRATION_HOOK);
  await other.goto(hotel);
  await ready(other);
  await changeBooking(other, single, (form) => form.getByLabel("合住意向").selectOption("any"));
  await other.close();

  // This tab, still showing "single", changes its other booking: the page's data comes back, and
  // the single booking's form now shows "either" (with JavaScript too, where the page stays).
  await changeBooking(page, shared, checkOutOn12);
  await expect(sharingOf(page, single)).toHaveValue("any");

  // Saving that form for its dates keeps the other tab's choice.
  await ready(page);
  await changeBooking(page, single, checkOutOn12);
  await expect(page.getByTestId("booking").nth(single)).toContainText("均可");
  await expect(page.getByTestId("booking").nth(single)).toContainText("2027年3月12日");
  await context.close();
});
