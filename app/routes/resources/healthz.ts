/** 200 while the process answers (liveness); /readyz says whether to send it traffic. */
export function loader() {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
