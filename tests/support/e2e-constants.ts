export const E2E_ADMIN = { email: "admin@betic.test", password: "Admin-e2e-2026!" } as const;
