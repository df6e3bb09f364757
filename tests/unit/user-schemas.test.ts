import { describe, expect, it } from "vitest";
import { createUserSchema, editUserSchema, passwordChangeSchema } from "~/lib/schemas/users";

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("password change (back-office.md §5)", () => {
  it("gives every message at once, the mismatch included", () => {
    const result = passwordChangeSchema.safeParse({
      currentPassword: "",
      newPassword: "abc",
      confirmPassword: "abcdef",
    });
    expect(messages(result)).toEqual([
      "Mot de passe actuel requis",
      "Le nouveau mot de passe doit contenir au moins 6 caractères",
      "Les mots de passe ne correspondent pas",
    ]);
  });

  it("asks for the confirmation", () => {
    const result = passwordChangeSchema.safeParse({
      currentPassword: "x",
      newPassword: "abcdefg",
      confirmPassword: "",
    });
    expect(messages(result)).toContain("Veuillez confirmer votre mot de passe");
  });

  it("accepts a matching pair", () => {
    expect(
      passwordChangeSchema.safeParse({
        currentPassword: "x",
        newPassword: "Disjoncteur-77",
        confirmPassword: "Disjoncteur-77",
      }).success,
    ).toBe(true);
  });
});

describe("user create and edit (back-office.md §5)", () => {
  it("refuses a bad e-mail and a short password; the role defaults to user", () => {
    expect(messages(createUserSchema.safeParse({ email: "pas-un-email", password: "123" }))).toEqual([
      "Email invalide",
      "Le mot de passe doit contenir au moins 6 caractères",
    ]);
    const ok = createUserSchema.parse({ email: " Ana@Exemple.FR ", password: "123456", role: "chef" });
    expect(ok).toEqual({ email: "ana@exemple.fr", password: "123456", role: "user" });
  });

  it("keeps the password when none is typed", () => {
    const id = "0b5b2f3e-8a44-4d1e-9a57-6f1c2b7d9e10";
    expect(editUserSchema.parse({ id, role: "admin" })).toEqual({ id, role: "admin" });
  });
});
