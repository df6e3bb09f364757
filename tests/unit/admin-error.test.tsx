import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { AdminError } from "~/components/admin/admin-error";

// What `requireRole` throws reaches the ErrorBoundary as a route error response.
const forbidden = {
  status: 403,
  statusText: "Forbidden",
  internal: false,
  data: "Vous n'avez pas les droits nécessaires pour accéder à cette page.",
};

describe("AdminError", () => {
  it("renders a 403 as a French 'access refused' page with a way back", () => {
    const html = renderToString(
      <MemoryRouter>
        <AdminError error={forbidden} message="Impossible de charger les pages CMS." />
      </MemoryRouter>,
    );
    expect(html).toContain("Accès refusé");
    expect(html).toContain("Vous n&#x27;avez pas les droits nécessaires pour accéder à cette page.");
    expect(html).toContain('href="/admin"');
    expect(html).not.toContain("Impossible de charger les pages CMS.");
  });

  it("renders any other failure with the screen's message and a retry link", () => {
    const html = renderToString(
      <MemoryRouter>
        <AdminError
          error={new Error("boom")}
          message="Impossible de charger les pages CMS."
          retryTo="/admin/cms"
        />
      </MemoryRouter>,
    );
    expect(html).toContain("Impossible de charger les pages CMS.");
    expect(html).toContain('href="/admin/cms"');
    expect(html).not.toContain("boom");
  });
});
