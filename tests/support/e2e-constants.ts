/** Accounts present in every e2e database (the template is prepared with them). */
export const E2E_ADMIN = { email: "admin@betic.test", password: "Admin-e2e-2026!" } as const;
export const E2E_USER = { email: "user@betic.test", password: "User-e2e-2026!" } as const;
