// Who may chat, through the Worker: keys (organization and platform, user selection), onboarding and
// entitlements (403 before any event, FORBIDDEN carries only a message), conversations of other users
// (403) and other organizations (404) on turns, references, reconnect and stop, and isolation of
// documents: a private document is cited only for its owner, another organization's never.
import { beforeAll, describe, expect, it } from "vitest";
import { admin, createOrg, createUser, jsonOf, platformKey, userKey, type TestOrg } from "../helpers/harness";
import { addDocument, chat, doc, final, named, readSse, reconnect, references, stopStream, turn, uniqueWord } from "./chat.helpers";

let org: TestOrg;
let other: TestOrg;
let conversationId: string;
let dialogueId: string;

beforeAll(async () => {
  org = await createOrg();
  other = await createOrg();
  const first = await chat(org.key, { query: "What was revenue?" });
  conversationId = first.events[0].data.conversation_id;
  dialogueId = first.events[1].data.chat_message_id;
});

async function expectForbidden(res: Response) {
  expect(res.status).toBe(403);
  const body = await jsonOf(res);
  expect(body).toEqual({ error: { message: expect.any(String) }, payload: null });
  expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
}

async function expectCode(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect((await jsonOf(res)).error.code).toBe(code);
}

describe("keys", () => {
  it("needs a valid API key", async () => {
    await expectCode(await turn("", { query: "revenue" }), 401, "API_KEY_MISSING");
    await expectCode(await turn("rk_live_nonsense", { query: "revenue" }), 401, "UNAUTHORIZED");
  });

  it("platform keys pass organization_id and a user (user_id and/or user_email)", async () => {
    const key = await platformKey(org.organizationId);
    await expectCode(await turn(key, { query: "revenue" }), 400, "INVALID_REQUEST_BODY");
    await expectCode(await turn(key, { query: "revenue", organization_id: org.organizationId }), 400, "INVALID_REQUEST_BODY");
    for (const who of [{ user_id: org.userId }, { user_email: org.userEmail }, { user_id: org.userId, user_email: org.userEmail }]) {
      const r = await chat(key, { query: "revenue", organization_id: org.organizationId, ...who });
      expect(final(r).event).toBe("done");
    }
    await expectForbidden(await turn(key, { query: "revenue", organization_id: other.organizationId, user_id: other.userId }));
    await expectForbidden(await turn(key, { query: "revenue", organization_id: org.organizationId, user_id: other.userId }));
    await expectForbidden(await turn(key, { query: "revenue", organization_id: org.organizationId, user_id: org.userId, user_email: other.userEmail }));
  });

  it("a platform key acting for another organization may chat there, and only there", async () => {
    const key = await platformKey(other.organizationId, [org.organizationId]);
    const r = await chat(key, { query: "revenue", organization_id: org.organizationId, user_email: org.userEmail });
    expect(final(r).event).toBe("done");
  });

  it("organization keys ignore user fields and refuse another organization_id", async () => {
    const r = await chat(org.key, { query: "revenue", user_id: other.userId, user_email: other.userEmail });
    expect(final(r).event).toBe("done");
    await expectForbidden(await turn(org.key, { query: "revenue", organization_id: other.organizationId }));
    const own = await chat(org.key, { query: "revenue", organization_id: org.organizationId });
    expect(final(own).event).toBe("done");
  });

  it("stop_stream without organization_id on a platform key is ORGANIZATION_ID_MISSING", async () => {
    const key = await platformKey(org.organizationId);
    await expectCode(await stopStream(key, { dialogue_id: dialogueId, user_id: org.userId }), 400, "ORGANIZATION_ID_MISSING");
    await expectCode(await stopStream(key, { organization_id: org.organizationId, dialogue_id: dialogueId }), 400, "INVALID_REQUEST_BODY");
    const ok = await stopStream(key, { organization_id: org.organizationId, user_id: org.userId, conversation_id: conversationId, dialogue_id: dialogueId });
    expect(ok.status).toBe(200);
  });

  it("references need both user_id and user_email on a platform key", async () => {
    const key = await platformKey(org.organizationId);
    const base = `?organization_id=${org.organizationId}`;
    await expectCode(await references(key, conversationId, `${base}&user_id=${org.userId}`), 400, "INVALID_REQUEST_BODY");
    await expectCode(await references(key, conversationId, `${base}&user_email=${encodeURIComponent(org.userEmail)}`), 400, "INVALID_REQUEST_BODY");
    const ok = await references(key, conversationId, `${base}&user_id=${org.userId}&user_email=${encodeURIComponent(org.userEmail)}`);
    expect(ok.status).toBe(200);
  });
});

describe("onboarding and entitlements", () => {
  it("refuses users not onboarded and organizations without chat, 403 before any event", async () => {
    const notOnboarded = await createOrg({ onboarded: false });
    await expectForbidden(await turn(notOnboarded.key, { query: "revenue" }));
    const noChat = await createOrg({ entitlements: ["deep_research"] });
    await expectForbidden(await turn(noChat.key, { query: "revenue" }));
    await expectForbidden(await turn(noChat.key, { query: "revenue" }, { path: "/v2/analytics/sse" }));
    const second = await createUser(org.organizationId, false);
    await expectForbidden(await turn(await userKey(org.organizationId, second.userId), { query: "revenue" }));
  });

  it("references, reconnect and stop check no entitlement", async () => {
    const orgX = await createOrg();
    const r = await chat(orgX.key, { query: "revenue" });
    const conv = r.events[0].data.conversation_id;
    const patched = await admin(`/admin/v1/organizations/${orgX.organizationId}`, "PATCH", { entitlements: [] });
    expect(patched.status).toBe(200);
    await expectForbidden(await turn(orgX.key, { query: "revenue", conversation_id: conv }));
    expect((await references(orgX.key, conv)).status).toBe(200);
    const replay = await reconnect(orgX.key, conv);
    expect(replay.status).toBe(200);
    expect(final(await readSse(replay)).event).toBe("done");
    const stop = await stopStream(orgX.key, { conversation_id: conv, dialogue_id: r.events[1].data.chat_message_id });
    expect((await jsonOf(stop)).status).toBe("finished");
  });
});

describe("conversations of others", () => {
  it("another user's conversation: 403 on turns, references, reconnect and stop", async () => {
    const colleague = await createUser(org.organizationId);
    const key = await userKey(org.organizationId, colleague.userId);
    await expectForbidden(await turn(key, { query: "and then?", conversation_id: conversationId }));
    await expectForbidden(await references(key, conversationId));
    await expectForbidden(await reconnect(key, conversationId));
    await expectForbidden(await stopStream(key, { conversation_id: conversationId, dialogue_id: dialogueId }));
  });

  it("another organization's or an unknown conversation: 404", async () => {
    for (const id of [conversationId, crypto.randomUUID()]) {
      await expectCode(await turn(other.key, { query: "and then?", conversation_id: id }), 404, "NOT_FOUND");
      await expectCode(await references(other.key, id), 404, "NOT_FOUND");
      await expectCode(await reconnect(other.key, id), 404, "NOT_FOUND");
    }
    await expectCode(await stopStream(other.key, { conversation_id: conversationId, dialogue_id: dialogueId }), 404, "NOT_FOUND");
    await expectCode(await stopStream(org.key, { dialogue_id: crypto.randomUUID() }), 404, "NOT_FOUND");
    await expectCode(await references(org.key, conversationId, `?chat_message_id=${crypto.randomUUID()}`), 404, "NOT_FOUND");
  });

  it("a conversation_id that is not a UUID is 400", async () => {
    await expectCode(await references(org.key, "not-a-uuid"), 400, "INVALID_REQUEST_BODY");
    await expectCode(await reconnect(org.key, "not-a-uuid"), 400, "INVALID_REQUEST_BODY");
    await expectCode(await turn(org.key, { query: "x", conversation_id: "not-a-uuid" }), 400, "INVALID_REQUEST_BODY");
  });
});

describe("document isolation", () => {
  it("a private document is cited for its owner only; another organization's documents never", async () => {
    const word = uniqueWord();
    const colleague = await createUser(org.organizationId);
    const colleagueKey = await userKey(org.organizationId, colleague.userId);
    const mine = await addDocument(doc({ organizationId: org.organizationId, kind: "vault", visibility: "private", ownerUserId: org.userId, name: "My notes" }), `Private ${word} margin note: margin was 31 percent.`);
    const theirs = await addDocument(doc({ organizationId: other.organizationId, kind: "vault", name: "Other org notes" }), `Other ${word} margin note: margin was 77 percent.`);
    const q = { query: `What was the ${word} margin?` };

    const own = await chat(org.key, q);
    const cited = named(own, "citation").map((c) => c.data.document_id);
    expect(cited).toContain(mine.id);
    expect(cited).not.toContain(theirs.id);

    const colleagueTurn = await chat(colleagueKey, q);
    expect(named(colleagueTurn, "citation").map((c) => c.data.document_id)).not.toContain(mine.id);
    expect(JSON.stringify(colleagueTurn.events)).not.toContain("31 percent");

    const otherTurn = await chat(other.key, q);
    expect(named(otherTurn, "citation").map((c) => c.data.document_id)).toEqual([theirs.id]);
    expect(JSON.stringify(otherTurn.events)).not.toContain("31 percent");
  });
});
