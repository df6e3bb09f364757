import { describe, expect, it } from "vitest";
import { startScriptsAfterFirstPaint } from "~/server/http/page-scripts.server";

// The end of a page as React Router's <Scripts nonce> writes it (7.18).
const NONCE = "n0nce";
const MODULE = `;\nimport * as route0 from "/assets/root-A.js";\nwindow.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-B.js");`;
const PAGE =
  `<p>Bonjour</p>` +
  `<link rel="modulepreload" href="/assets/entry.client-B.js" nonce="${NONCE}"/>` +
  `<link rel="modulepreload" href="/assets/vendor-C.js" nonce="${NONCE}"/>` +
  `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>` +
  `<script nonce="${NONCE}" type="module" async="">${MODULE}</script></body></html>`;

describe("startScriptsAfterFirstPaint", () => {
  const html = startScriptsAfterFirstPaint(PAGE, NONCE);

  it("leaves no module for the browser to fetch while it paints", () => {
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    expect(html).toContain(`<p>Bonjour</p>`);
    expect(html).toContain(`<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`);
  });

  it("keeps the module's text, with the nonce that gets it hashed, and loads it from a marked script", () => {
    expect(html).toContain(`<script nonce="${NONCE}" type="text/plain" id="page-modules">${MODULE}</script>`);
    const loader = html.match(/<script nonce="n0nce">(\(function\(d\)[\s\S]*?)<\/script>/)?.[1];
    expect(loader).toContain(`["/assets/entry.client-B.js","/assets/vendor-C.js"]`);
    expect(loader).toContain(`first-contentful-paint`);
  });

  /** Runs the loader in a stand-in browser; returns what it appended, and the pending callbacks. */
  function runLoader(visibilityState: "hidden" | "visible") {
    const loader = html.match(/<script nonce="n0nce">(\(function\(d\)[\s\S]*?)<\/script>/)![1]!;
    const appended: { tag: string; props: Record<string, string> }[] = [];
    const timers: { run: () => void; delay: number }[] = [];
    const paintObservers: ((
      list: { getEntriesByName: (name: string) => unknown[] },
      o: { disconnect: () => void },
    ) => void)[] = [];
    const fakeDocument = {
      visibilityState,
      createElement: (tag: string) => {
        const props: Record<string, string> = {};
        appended.push({ tag, props });
        return props;
      },
      getElementById: (id: string) => (id === "page-modules" ? { text: MODULE } : null),
      head: { appendChild: () => undefined },
      body: { appendChild: () => undefined },
    };
    class FakeObserver {
      static supportedEntryTypes = ["paint"];
      constructor(callback: (typeof paintObservers)[number]) {
        paintObservers.push(callback);
      }
      observe() {}
    }
    const fakeWindow = { PerformanceObserver: FakeObserver };
    const setTimeout = (run: () => void, delay = 0) => timers.push({ run, delay });
    new Function("document", "window", "setTimeout", loader)(fakeDocument, fakeWindow, setTimeout);
    const modules = () =>
      appended.map(({ tag, props }) => [tag, props.rel ?? props.type, props.href ?? props.text]);
    const paint = (name: string) =>
      paintObservers.forEach((callback) =>
        callback({ getEntriesByName: (wanted) => (wanted === name ? [{}] : []) }, { disconnect: () => {} }),
      );
    return { modules, timers, paint };
  }

  const EXPECTED = [
    ["link", "modulepreload", "/assets/entry.client-B.js"],
    ["link", "modulepreload", "/assets/vendor-C.js"],
    ["script", "module", MODULE],
  ];

  it("runs the module and its preloads at once in a hidden tab", () => {
    expect(runLoader("hidden").modules()).toEqual(EXPECTED);
  });

  it("in a visible tab, waits for the first contentful paint, then runs them once", () => {
    const { modules, timers, paint } = runLoader("visible");
    expect(modules()).toEqual([]);
    paint("first-paint");
    expect(timers.filter((timer) => timer.delay === 0)).toHaveLength(0);
    paint("first-contentful-paint");
    for (const timer of timers) timer.run();
    expect(modules()).toEqual(EXPECTED);
  });

  it("runs them after three seconds if no contentful paint is reported", () => {
    const { modules, timers } = runLoader("visible");
    expect(timers.map((timer) => timer.delay)).toEqual([3000]);
    timers[0]!.run();
    expect(modules()).toEqual(EXPECTED);
  });

  it("leaves a page without React Router's module script as it is", () => {
    expect(startScriptsAfterFirstPaint("<p>x</p>", NONCE)).toBe("<p>x</p>");
  });
});
