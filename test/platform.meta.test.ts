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
