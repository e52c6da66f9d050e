// Firefox for the cross-engine tests: puppeteer-core (npm, in build/node-tools) drives Debian's firefox-esr over
// WebDriver BiDi, no geckodriver. Python (tests/engines/drivers.py) talks to this script over its stdin/stdout, one
// JSON object a line: {id, op, ...} in, {id, ok: true, value} or {id, ok: false, error} out.
// Usage: node firefox-bridge.mjs <node-tools dir> <firefox executable> <profile dir>
import { createRequire } from "node:module";
import { createInterface } from "node:readline";

const [tools, executablePath, userDataDir] = process.argv.slice(2);
const puppeteer = createRequire(`${tools}/package.json`)("puppeteer-core");

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  userDataDir,
  headless: true,
  protocolTimeout: 180_000,
  extraPrefsFirefox: { "browser.safebrowsing.update.enabled": false, "network.connectivity-service.enabled": false },
});
const page = (await browser.pages())[0] ?? (await browser.newPage());
page.setDefaultNavigationTimeout(180_000);

const ops = {
  pid: async () => browser.process()?.pid ?? null,
  goto: async ({ url }) => { await page.goto(url, { waitUntil: "load" }); },
  reload: async () => { await page.reload({ waitUntil: "load" }); },
  // An async function's body, called with one JSON argument; its JSON result comes back.
  eval: async ({ body, arg }) => page.evaluate(`(async (arg) => { ${body} })(${JSON.stringify(arg)})`),
  click: async ({ selector }) => { await page.click(selector); },
  type: async ({ selector, text }) => {
    await page.$eval(selector, (element) => {
      element.focus();
      element.value = "";
      element.dispatchEvent(new Event("input", { bubbles: true }));
    });
    if (text) await page.type(selector, text);
  },
  press: async ({ key }) => { await page.keyboard.press(key); },
  close: async () => { await browser.close(); },
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const { id, op, ...args } = JSON.parse(line);
  let reply;
  try {
    reply = { id, ok: true, value: (await ops[op](args)) ?? null };
  } catch (error) {
    reply = { id, ok: false, error: `${error}\n${error?.stack ?? ""}` }; // WebKit's stack has no message line
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
  if (op === "close") break;
}
process.exit(0);
