import { and, count, eq } from "drizzle-orm";
import type { z } from "zod";
import { type FormFieldInput, type formFieldInputSchema, fieldInput, toFormField } from "#contract/schemas/forms";
import type { Db } from "../db";
import { type FormField, formAdmins, formAnswers, forms } from "../db/schema";
import { fail } from "../http";
import { type Actor, recordAudit } from "./audit";

type Deps = { db: Db; now: () => Date };
type Form = typeof forms.$inferSelect;

/**
 * Forms (issue 9): the owner's changes to a form, its fields and administrators, each with its
 * audit row in one transaction; a response saved under the form's lock.
 */

const audit = (deps: Deps, tx: Pick<Db, "insert">, form: Pick<Form, "id" | "conferenceId">, actor: Actor, action: string, detail?: Record<string, unknown>) =>
  recordAudit(tx, { conferenceId: form.conferenceId, accountId: actor.id, action, target: `form:${form.id}`, detail, at: deps.now() });

/**
 * Checks a whole list of fields (the editor's add, edit, reorder, remove): keys unique, made
 * for fields that have none, and every condition naming another field of the form (with one
 * of its options when that field is a choice). Problems are keyed `<prefix><index>.<name>`.
 */
export function buildFields(inputs: Array<FormFieldInput & { key?: string }>, prefix = "fields."): { fields: FormField[]; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const given = new Set(inputs.map((input) => input.key).filter(Boolean));
  const taken = new Set<string>();
  let n = 0;
  const fresh = () => {
    do n += 1;
    while (given.has(`f${n}`) || taken.has(`f${n}`));
    return `f${n}`;
  };
  const fields = inputs.map((input, i) => {
    if (input.key && taken.has(input.key)) problems[`${prefix}${i}.key`] = "forms.v.keyTaken";
    const key = input.key || fresh();
    taken.add(key);
    return toFormField(input, key);
  });
  fields.forEach((field, i) => {
    if (!field.showWhen) return;
    const parent = fields.find((other) => other.key === field.showWhen!.field);
    if (!parent || parent.key === field.key) problems[`${prefix}${i}.showWhenField`] = "forms.v.noSuchField";
    else if (parent.options && !parent.options.some((option) => option.value === field.showWhen!.value))
      problems[`${prefix}${i}.showWhenValue`] = "forms.v.conditionValue";
  });
  return { fields, problems };
}

/** A new form (or template) of mine, blank or with the fields of `source`. */
export async function createForm(
  deps: Deps,
  actor: Actor,
  input: { values: Omit<typeof forms.$inferInsert, "ownerAccountId" | "createdAt" | "updatedAt">; source: Form | null },
) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(forms)
      .values({ ...input.values, ownerAccountId: actor.id, createdAt: deps.now(), updatedAt: deps.now() })
      .returning();
    await audit(deps, tx, row, actor, row.isTemplate ? "form.template" : "form.create", { from: input.source?.id ?? null });
    return row;
  });
}

/** The owner's change of a form's settings and (when given) its whole list of fields. */
export async function updateForm(deps: Deps, actor: Actor, input: { form: Form; changes: Partial<typeof forms.$inferInsert>; changed: string[] }) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(forms)
      .set({ ...input.changes, updatedAt: deps.now() })
      .where(eq(forms.id, input.form.id))
      .returning();
    await audit(deps, tx, row, actor, "form.update", { changed: input.changed });
    return row;
  });
}

/**
 * One custom field added at the end (its key made when not given), under the form's row lock
 * so two additions never overwrite each other's list. What is wrong with the new field comes
 * back as `problems` (keyed by its own names), and nothing is written.
 */
export async function addFormField(
  deps: Deps,
  actor: Actor,
  input: { form: Form; field: z.output<typeof formFieldInputSchema> },
): Promise<{ field: FormField } | { problems: Record<string, string> }> {
  const { form } = input;
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx.select({ fields: forms.fields }).from(forms).where(eq(forms.id, form.id)).for("update");
    const built = buildFields([...locked.fields.map(fieldInput), input.field], "");
    const last = locked.fields.length;
    // The stored fields were checked when saved: what is wrong here is the new one's.
    const problems = Object.entries(built.problems).filter(([path]) => path.startsWith(`${last}.`));
    if (problems.length) return { problems: Object.fromEntries(problems.map(([path, key]) => [path.slice(`${last}.`.length), key])) };
    await tx.update(forms).set({ fields: built.fields, updatedAt: deps.now() }).where(eq(forms.id, form.id));
    await audit(deps, tx, form, actor, "form.field", { key: built.fields[last].key });
    return { field: built.fields[last] };
  });
}

export async function deleteForm(deps: Deps, actor: Actor, input: { form: Form }) {
  const { form } = input;
  await deps.db.transaction(async (tx) => {
    await tx.delete(forms).where(eq(forms.id, form.id));
    await audit(deps, tx, form, actor, "form.delete", { title: form.titleZh });
  });
}

/**
 * One response, checked again under a lock on the form's row: the deadline, the response limit
 * and one-per-account hold however many answers arrive at once; a repeated submission key
 * answers the response it made.
 */
export async function saveAnswer(
  deps: Deps,
  actor: Actor | null,
  input: { form: Form; answers: Record<string, unknown>; fileKeys: string[]; submissionKey?: string },
) {
  const { form } = input;
  return deps.db.transaction(async (tx) => {
    // The settings are read again under the lock: an owner's change in between counts.
    const [locked] = await tx
      .select({ responseLimit: forms.responseLimit, onePerAccount: forms.onePerAccount, deadline: forms.deadline })
      .from(forms)
      .where(eq(forms.id, form.id))
      .for("update");
    if (!locked) fail(404, "errors.notFound");
    if (input.submissionKey) {
      const [again] = await tx
        .select({ id: formAnswers.id, createdAt: formAnswers.createdAt })
        .from(formAnswers)
        .where(and(eq(formAnswers.formId, form.id), eq(formAnswers.submissionKey, input.submissionKey)))
        .limit(1);
      if (again) return again;
    }
    if (locked.deadline && locked.deadline.getTime() < deps.now().getTime()) fail(400, "forms.errors.closed");
    if (locked.responseLimit !== null) {
      const [{ taken }] = await tx.select({ taken: count() }).from(formAnswers).where(eq(formAnswers.formId, form.id));
      if (taken >= locked.responseLimit) fail(400, "forms.errors.full");
    }
    if (locked.onePerAccount && !actor) fail(400, "forms.errors.signInRequired");
    if (locked.onePerAccount && actor) {
      const [mine] = await tx
        .select({ id: formAnswers.id })
        .from(formAnswers)
        .where(and(eq(formAnswers.formId, form.id), eq(formAnswers.accountId, actor.id)))
        .limit(1);
      if (mine) fail(400, "forms.errors.alreadyAnswered");
    }
    const [row] = await tx
      .insert(formAnswers)
      .values({
        formId: form.id,
        accountId: actor?.id ?? null,
        answers: input.answers,
        fileKeys: input.fileKeys,
        submissionKey: input.submissionKey ?? null,
        createdAt: deps.now(),
      })
      .returning({ id: formAnswers.id, createdAt: formAnswers.createdAt });
    return row;
  });
}

/** Removes one answer (the owner's). */
export async function deleteAnswer(deps: Deps, actor: Actor, input: { form: Form; answerId: number }) {
  await deps.db.transaction(async (tx) => {
    await tx.delete(formAnswers).where(eq(formAnswers.id, input.answerId));
    await audit(deps, tx, input.form, actor, "form.answer.delete", { answerId: input.answerId });
  });
}

/** Makes an account an administrator of the form (again: no change). */
export async function addFormAdmin(deps: Deps, actor: Actor, input: { form: Form; accountId: number }) {
  await deps.db.transaction(async (tx) => {
    await tx.insert(formAdmins).values({ formId: input.form.id, accountId: input.accountId }).onConflictDoNothing();
    await audit(deps, tx, input.form, actor, "form.admin.add", { accountId: input.accountId });
  });
}

export async function removeFormAdmin(deps: Deps, actor: Actor, input: { form: Form; accountId: number }) {
  await deps.db.transaction(async (tx) => {
    await tx.delete(formAdmins).where(and(eq(formAdmins.formId, input.form.id), eq(formAdmins.accountId, input.accountId)));
    await audit(deps, tx, input.form, actor, "form.admin.remove", { accountId: input.accountId });
  });
}
