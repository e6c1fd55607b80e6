import { describe, expect, test } from "vitest";
import { formAdminSchema } from "#contract/schemas/forms";
import { paperSchema } from "#contract/schemas/services";
import { intentView, lastResultOf } from "./form-protocol";
import { parseValues, refusalMessages } from "./validation";

const key = "u/2026/11/0123456789abcdef0123456789abcdef.pdf";

describe("a refused post, as the page reads it back", () => {
  test("rows posted as `authors.0.name` come back under the same names, with what was typed", () => {
    const values = { intent: "paper", title: "论文", "authors.0.name": "", "authors.0.affiliation": "浙大", abstract: "摘要", keywords: "AI", uploadKey: key };
    const input = {
      conferenceId: 1,
      branchId: "",
      title: "论文",
      authors: [{ name: "", affiliation: "浙大" }],
      abstract: "摘要",
      keywords: "AI",
      uploadKey: key,
    };
    const submission = parseValues(values, paperSchema, input);
    expect(submission.status).toBe("error");
    const view = intentView({ intent: "paper", result: submission.reply() }, "paper");
    expect(view?.fieldErrors["authors.0.name"]).toHaveLength(1);
    expect(view?.values).toMatchObject({ title: "论文", "authors.0.affiliation": "浙大", uploadKey: key });
    // Another form of the page does not take this reply.
    expect(intentView({ intent: "paper", result: submission.reply() }, "file")).toBeUndefined();
    expect(lastResultOf({ intent: "paper", result: submission.reply() }, "file")).toBeUndefined();
  });

  test("a question or a success is no refusal", () => {
    expect(intentView({ intent: "branch-delete", rowId: "3", confirm: "?" })).toBeUndefined();
    expect(intentView(undefined)).toBeUndefined();
  });

  test("a platform refusal lands beside its field, else on the form; one message per field", () => {
    const submission = parseValues({ intent: "add", mobile: "13900009999" }, formAdminSchema);
    expect(submission.status).toBe("success");
    const refusal = { messages: ["该手机号没有账号"], fields: { mobile: "该手机号没有账号" } };
    const view = intentView({ intent: "add", result: submission.reply(refusalMessages(refusal)) }, "add");
    expect(view).toMatchObject({ fieldErrors: { mobile: ["该手机号没有账号"] }, formErrors: [], values: { mobile: "13900009999" } });
    const general = intentView({ intent: "add", result: submission.reply(refusalMessages({ messages: ["请稍后再试"], fields: {} })) }, "add");
    expect(general).toMatchObject({ fieldErrors: {}, formErrors: ["请稍后再试"] });
  });

  test("rename: a row's platform path loses its prefix; a path of another row is said for the form", () => {
    const refusal = { messages: ["x"], fields: { "fields.2.labelZh": "请填写标签", "fields.0.key": "键已被使用" } };
    expect(refusalMessages(refusal, (path) => (path.startsWith("fields.2.") ? path.slice("fields.2.".length) : null))).toEqual({
      fieldErrors: { labelZh: ["请填写标签"] },
      formErrors: ["键已被使用"],
    });
  });
});
