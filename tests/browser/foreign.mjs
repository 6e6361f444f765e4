// Browser test of a foreign site: a page served from another origin (localhost and 127.0.0.1 on
// another port) frames Ladya's analysis stream three times and posts `text/plain` bodies to
// `/api/bestmove` with `mode: "no-cors"`, as any website the user visits could. Chromium sends
// them; the server must refuse every one (403), start no search, and log each refusal.
// Called from run.mjs with a browser, the server's address and its log so far.

import assert from "node:assert/strict";
import { createServer } from "node:http";

const TIMEOUT = 30_000;

/** The foreign page: three frames of the analysis stream and three no-cors posts. */
function foreignPage(ladya) {
  const stream = `${ladya}api/analyze?game=chess&movetime=600000`;
  const frames = [1, 2, 3].map((i) => `<iframe id="f${i}" src="${stream}&n=${i}"></iframe>`).join("");
  return `<!doctype html><title>Another site</title>${frames}
<script>
  window.posts = Promise.all([1, 2, 3].map(() => fetch("${ladya}api/bestmove", {
    method: "POST", mode: "no-cors", headers: { "content-type": "text/plain" },
    body: JSON.stringify({ game: "chess", movetime: 60000 }),
  }).then(() => "sent", (e) => String(e))));
</script>`;
}

/** Serves `html` on a free port of 127.0.0.1; resolves to the server and its port. */
function serveForeign(html) {
  const server = createServer((_, response) => {
    response.writeHead(200, { "content-type": "text/html" });
    response.end(html);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, port: server.address().port })));
}

/** The number of lines of `log()` that contain `text`. */
const count = (log, text) => log().split("\n").filter((line) => line.includes(text)).length;

export async function foreign(browser, url, log) {
  const { server, port } = await serveForeign(foreignPage(url));
  try {
    // A site on another name (cross-site) and one on this machine's address at another port
    // (same-site): neither may use the API.
    for (const origin of [`http://localhost:${port}/`, `http://127.0.0.1:${port}/`]) {
      const refusedBefore = count(log, "answered 403 to");
      const context = await browser.newContext();
      const page = await context.newPage();
      page.setDefaultTimeout(TIMEOUT);
      await page.goto(origin);
      const posts = await page.evaluate(() => window.posts);
      assert.deepEqual(posts, ["sent", "sent", "sent"], `${origin}: the posts went out`);
      // Frames and posts are all refused, each in one line of the log.
      const deadline = Date.now() + 10_000;
      while (count(log, "answered 403 to") < refusedBefore + 6 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      const refused = count(log, "answered 403 to") - refusedBefore;
      assert.equal(refused, 6, `${origin}: 3 frames and 3 posts refused, in the log:\n${log()}`);
      await context.close();
    }
    assert.ok(count(log, "answered 403 to GET /api/analyze") >= 6, log());
    assert.ok(count(log, "answered 403 to POST /api/bestmove") >= 6, log());
    // No search was started: the server's own page is answered at once (every slot is free).
    const asked = Date.now();
    const answer = await fetch(`${url}api/bestmove`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ game: "chess", movetime: 100 }),
    });
    assert.equal(answer.status, 200);
    assert.ok(Date.now() - asked < 5_000, `the real page waited ${Date.now() - asked} ms`);
  } finally {
    server.close();
  }
}
