import { describe, expect, it } from "vitest";
import { call, jsonOf } from "./helpers/harness";

describe("meta endpoints", () => {
  it("answers /healthz without a key", async () => {
    const res = await call("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", region: "global" });
    expect(res.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("serves an OpenAPI 3.1 document generated from the routes", async () => {
    const res = await call("/openapi.json");
    expect(res.status).toBe(200);
    const doc = await jsonOf(res);
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes.ApiKey).toEqual({ type: "apiKey", in: "header", name: "X-API-KEY" });
    expect(doc.paths["/admin/v1/api_keys/{key_id}"].delete).toBeDefined();
    expect(doc.paths["/admin/v1/organizations"].post.requestBody.content["application/json"].schema.properties.name).toBeDefined();
  });
});

describe("test fixtures", () => {
  it("are served to tests through the FIXTURES binding", async () => {
    const { env } = await import("cloudflare:test");
    const res = await env.FIXTURES.fetch("http://f/hello.txt");
    expect(await res.text()).toBe("hello fixture\n");
  });
});

describe("OpenAPI coverage", () => {
  it("documents every route, with the JSON body schema of every route that takes one", async () => {
    const { routes } = await import("../src/routes");
    const doc = await (await call("/openapi.json")).json<any>();
    for (const route of routes) {
      const path = route.path.replace(/:([A-Za-z0-9_]+)\??/g, "{$1}");
      const op = doc.paths[path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      if (route.body && (route.bodyKind ?? "json") === "json") {
        expect(op.requestBody.content["application/json"].schema, `${route.method} ${route.path}`).toBeDefined();
      }
    }
  });
});

describe("OpenAPI document for client generation", () => {
  // The document is also validated against the OpenAPI 3.1 schema by scripts/validate-openapi.mjs (a CI
  // step): the validator reads its JSON Schemas from node_modules through node:fs, out of workerd's reach.
  const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
  const ENVELOPE = "#/components/schemas/ErrorEnvelope";
  const FORBIDDEN = "#/components/schemas/ForbiddenEnvelope";

  async function operations() {
    const doc = await jsonOf(await call("/openapi.json"));
    const ops: { name: string; path: string; method: string; op: any }[] = [];
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const method of METHODS) if (item[method]) ops.push({ name: `${method.toUpperCase()} ${path}`, path, method, op: item[method] });
    }
    return { doc, ops };
  }

  it("gives every operation a unique camelCase operationId, the one its route declares", async () => {
    const { routes } = await import("../src/routes");
    const { ops } = await operations();
    expect(ops.length).toBe(routes.length);
    const ids = ops.map(({ op }) => op.operationId);
    for (const { name, op } of ops) expect(op.operationId, name).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    const byName = new Map(ops.map(({ path, method, op }) => [`${method} ${path}`, op.operationId]));
    for (const route of routes) {
      expect(byName.get(`${route.method.toLowerCase()} ${route.path.replace(/:([A-Za-z0-9_]+)\??/g, "{$1}")}`)).toBe(route.operationId);
    }
    expect(byName.get("post /v2/judge/llm")).toBe("submitLlmJudgeEvaluation");
    expect(byName.get("get /v1/sources/{source_id}")).toBe("getSource");
  });

  it("declares every path template parameter in: path, required: true, and no other path parameter", async () => {
    const { ops } = await operations();
    for (const { name, path, op } of ops) {
      const template = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? []).filter((p: any) => p.in === "path");
      expect(declared.map((p: any) => p.name).sort(), name).toEqual(template);
      for (const p of declared) expect(p.required, `${name} ${p.name}`).toBe(true);
    }
    // Optional in the route (an empty id answers DOCUMENT_ID_MISSING), required in the document.
    const legacy = ops.find((o) => o.name === "GET /v1/documents/{document_id}/presigned_url")!;
    expect(legacy.op.parameters.find((p: any) => p.name === "document_id")).toMatchObject({ in: "path", required: true });
    expect(legacy.op.responses["400"].description).toContain("DOCUMENT_ID_MISSING");
  });

  it("documents a success body on every operation (or 204 without one)", async () => {
    const { ops } = await operations();
    for (const { name, op } of ops) {
      const success = Object.keys(op.responses).filter((s) => /^2\d\d$/.test(s));
      expect(success, name).toHaveLength(1);
      const [status] = success;
      if (status === "204") {
        expect(op.responses[status].content, name).toBeUndefined();
      } else {
        const content = Object.values<any>(op.responses[status].content ?? {});
        expect(content.length, name).toBeGreaterThan(0);
        for (const media of content) expect(media.schema, name).toBeDefined();
      }
    }
  });

  it("documents the error envelope, by reference, for every error status an operation can answer", async () => {
    const { doc, ops } = await operations();
    expect(doc.components.schemas.ErrorEnvelope.properties.error.required).toEqual(["code", "msg", "message"]);
    expect(doc.components.schemas.ErrorEnvelope.properties.payload).toEqual({ type: "null" });
    expect(doc.components.schemas.ForbiddenEnvelope.properties.error.required).toEqual(["message"]);
    for (const { name, op } of ops) {
      const errors = Object.keys(op.responses).filter((s) => Number(s) >= 400);
      expect(errors, name).toContain("500");
      for (const status of errors) {
        const ref = op.responses[status].content?.["application/json"]?.schema?.$ref;
        expect(ref, `${name} ${status}`).toBe(status === "403" ? FORBIDDEN : ENVELOPE);
      }
      const security = JSON.stringify(op.security ?? []);
      if (security.includes("ApiKey")) for (const s of ["400", "401", "403", "429"]) expect(op.responses, `${name} ${s}`).toHaveProperty(s);
      if (security.includes("AdminToken")) for (const s of ["401", "404"]) expect(op.responses, `${name} ${s}`).toHaveProperty(s);
      if (op.responses["429"]) expect(op.responses["429"].headers, name).toHaveProperty("Retry-After");
    }
    for (const path of ["/v2/judge/llm", "/v2/judge/agent"]) {
      const responses = doc.paths[path].post.responses;
      for (const s of ["202", "400", "409", "502", "503"]) expect(responses, `${path} ${s}`).toHaveProperty(s);
      expect(responses["400"].description).toContain("JUDGE_EVALUATION_TOO_LARGE");
      expect(responses["503"].headers).toHaveProperty("Retry-After");
    }
    expect(doc.paths["/v1/sources/{source_id}"].get.responses).toHaveProperty("404");
  });

  it("publishes error envelopes in the shape the Worker answers", async () => {
    const { doc } = await operations();
    const missingKey = await jsonOf(await call("/v1/me"));
    expect(Object.keys(missingKey).sort()).toEqual(Object.keys(doc.components.schemas.ErrorEnvelope.properties).sort());
    expect(doc.components.schemas.ErrorEnvelope.properties.error.properties.code.enum).toContain(missingKey.error.code);
    for (const field of doc.components.schemas.ErrorEnvelope.properties.error.required) expect(missingKey.error).toHaveProperty(field);
  });
});
