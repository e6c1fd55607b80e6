/**
 * The spec's optional ids (§2: /conf/{id?}, /sponsorHotel/{id?}, /sponsorRegistration/{id?};
 * issue 17): without an id each answers with a list that leads on, not a 404. JavaScript on and off.
 */
import { organiserToken } from "./attend-support";
import { api, cookieValue, expect, expectAccessible, ready, registerNew, test, TOKEN_COOKIE } from "./support";

const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("/conf lists the conferences whose organisers styled their site, each leading to its microsite", async ({ page }) => {
  const token = await organiserToken(page);
  const name = `网站样式会议 ${tag()}`;
  const { id } = await api<{ id: number }>(page.request, "POST", "/conference", token, {
    nameZh: name,
    nameEn: `Styled site ${name.slice(-10)}`,
    startDate: "2027-06-01",
    endDate: "2027-06-02",
    cityZh: "苏州",
  });
  await api(page.request, "PATCH", `/conference/${id}`, token, { isPublish: true });
  await api(page.request, "PUT", `/conference/conferenceExCssJs/${id}`, token, { exCss: ".ui-conf-title{letter-spacing:.05em}" });

  await page.goto("/conf");
  await expect(page).toHaveTitle(/^会议网站 - /);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("会议网站");
  const card = page.getByTestId("microsite-list").getByRole("link", { name: new RegExp(name) });
  await expect(card).toHaveAttribute("href", `/conf/${id}`);
  await expectAccessible(page);
  await ready(page);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/conf/${id}$`));
  await expect(page.getByTestId("microsite")).toBeVisible();
});

test("/sponsorRegistration lists my applications and the conferences to apply to; /sponsorHotel leads to mine", async ({ page }) => {
  // Both ask for a signed-in account first, like the pages of one conference.
  await page.goto("/sponsorRegistration");
  await expect(page).toHaveURL(/\/login\?redirect=%2FsponsorRegistration$/);

  await registerNew(page, "赞助联系人");
  await page.goto("/sponsorHotel");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("赞助商住宿申请");
  await expect(page.getByTestId("empty-state")).toContainText("申请赞助或参展后");
  await ready(page);
  await page.getByTestId("empty-state").getByRole("link", { name: "申请赞助或参展" }).click();
  await expect(page).toHaveURL(/\/sponsorRegistration$/);
  await expect(page.getByTestId("no-applications")).toHaveText("你还没有提交赞助或参展申请。");

  // A conference from the list takes the application (as its own page would post it).
  const first = page.getByTestId("apply-conferences").getByRole("link").first();
  const conferenceId = Number((await first.getAttribute("href"))!.replace("/sponsorRegistration/", ""));
  expect(conferenceId).toBeGreaterThan(0);
  const token = await cookieValue(page, TOKEN_COOKIE);
  await api(page.request, "POST", "/exhibition", token, {
    conferenceId,
    kind: "sponsor",
    company: "星河科技有限公司",
    contact: "王敏",
    phone: "13900001111",
    email: "wangmin@example.com",
    level: "金牌",
  });

  await page.goto("/sponsorRegistration");
  const mine = page.getByTestId("application-conferences");
  await expect(mine.getByTestId("application")).toContainText("星河科技有限公司 · 赞助");
  await expect(mine.getByTestId("review-state")).toHaveText("待审核");
  await expect(mine.getByRole("link")).toHaveAttribute("href", `/sponsorRegistration/${conferenceId}`);
  await expectAccessible(page);

  await page.goto("/sponsorHotel");
  const link = page.getByTestId("application-conferences").getByRole("link");
  await expect(link).toHaveAttribute("href", `/sponsorHotel/${conferenceId}`);
  await ready(page);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/sponsorHotel/${conferenceId}$`));
});
