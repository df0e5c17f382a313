// Every `curl` line of README.md's sh blocks (chat streams included), run against the Worker: the examples
// a new user copies must answer as served. The demo keys, organization, admin token and host of the README stand for a test organization's.
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import readme from "../README.md?raw";
import { ADMIN_TOKEN, BASE, createOrg, platformKey, type TestOrg } from "./helpers/harness";
import { loadMarketFixtures } from "./ttsql/ttsql-helpers";

const DEMO = {
  host: "http://127.0.0.1:8787",
  orgKey: "rk_gl_cda60bece58d58eb8a9526518ad69915b178defddc9c33ef66719d85004b8e2e_7a36768ac5587c84",
  platformKey: "rk_gl_ab6dd88304e759e65f0fda40004f10b6dad16fa5b343bb4f2efb69c9d78f72ce_a47fa65c4b364683",
  organization: "d0000000-0000-4000-8000-000000000001",
  adminToken: "dev-admin-token",
};

/** The curl commands of the README's sh blocks, one per line (a trailing backslash continues a line). */
function curlCommands(text: string): string[] {
  const out: string[] = [];
  for (const block of text.split("```sh").slice(1)) {
    const body = block.split("```")[0].replace(/\\\n\s*/g, " ");
    for (const line of body.split("\n")) if (line.trim().startsWith("curl ")) out.push(line.trim());
  }
  return out;
}

/** Shell words of one command: single and double quotes, no expansion. */
function words(command: string): string[] {
  const out: string[] = [];
  let word: string | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (c === "'" || c === '"') {
      const end = command.indexOf(c, i + 1);
      word = (word ?? "") + command.slice(i + 1, end);
      i = end;
    } else if (c === " ") {
      if (word !== null) out.push(word);
      word = null;
    } else word = (word ?? "") + c;
  }
  if (word !== null) out.push(word);
  return out;
}

interface Curl {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

function parse(command: string, substitute: (s: string) => string): Curl {
  const args = words(substitute(command)).slice(1);
  const curl: Curl = { method: "GET", url: "", headers: {} };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "-N") continue; // curl's "no buffering": the whole stream is read either way
    if (a === "-X") curl.method = args[++i];
    else if (a === "-H") {
      const [name, ...value] = args[++i].split(":");
      curl.headers[name.trim()] = value.join(":").trim();
    } else if (a === "-d" || a === "--data") {
      curl.body = args[++i];
      if (curl.method === "GET") curl.method = "POST";
    } else if (a.startsWith("-")) throw new Error(`README curl option not handled by this test: ${a}`);
    else curl.url = a;
  }
  return curl;
}

describe("README curl examples", () => {
  let org: TestOrg;
  let platform: string;
  beforeAll(async () => {
    await loadMarketFixtures();
    org = await createOrg();
    platform = await platformKey(org.organizationId);
  });

  it("finds the examples", () => {
    expect(curlCommands(readme).length).toBeGreaterThanOrEqual(6);
  });

  it("answers every example as served (2xx, no error), in README order", async () => {
    let evaluationId = "";
    // Ids a chat stream gave, for the lines after it.
    let conversationId = "";
    let chatMessageId = "";
    const substitute = (s: string) =>
      s
        .replaceAll(DEMO.host, BASE)
        .replaceAll(DEMO.orgKey, org.key)
        .replaceAll(DEMO.platformKey, platform)
        .replaceAll(DEMO.organization, org.organizationId)
        .replaceAll(DEMO.adminToken, ADMIN_TOKEN)
        .replaceAll("<evaluation_id>", evaluationId)
        .replaceAll("<conversation_id>", conversationId)
        .replaceAll("<chat_message_id>", chatMessageId);
    for (const command of curlCommands(readme)) {
      const curl = parse(command, substitute);
      const res = await SELF.fetch(curl.url, { method: curl.method, headers: curl.headers, body: curl.body });
      const text = await res.text();
      expect(res.status, `${command}\n-> ${res.status} ${text.slice(0, 300)}`).toBeLessThan(300);
      if ((res.headers.get("Content-Type") ?? "").includes("text/event-stream")) {
        const events = text.split("\n").filter((l) => l.startsWith("data: ")).map((l) => JSON.parse(l.slice(6)) as { event_name: string; data: Record<string, string> });
        expect(events.at(-1)?.event_name, `${command}\n-> ${JSON.stringify(events.at(-1))}`).toBe("done");
        conversationId = events.find((e) => e.event_name === "conversation")?.data.conversation_id ?? conversationId;
        chatMessageId = events.find((e) => e.event_name === "chat_message_id")?.data.chat_message_id ?? chatMessageId;
      }
      if ((res.headers.get("Content-Type") ?? "").includes("json")) {
        const json = JSON.parse(text);
        expect(json.error ?? null, command).toBeNull();
        evaluationId = json.payload?.evaluation_id ?? evaluationId;
      }
    }
    expect(evaluationId).not.toBe("");
    expect(conversationId).not.toBe("");
  });
});
