import { it, expect } from "vitest";
import { createOrg } from "../helpers/harness";
import { llmBody, settled, submit } from "./judge-helpers";
it("smoke", async () => {
  const org = await createOrg();
  const { res, json } = await submit("llm", org.key, llmBody({ references: [{ content: "Purchases of property, plant and equipment (PP&E) (1,577) (1,373) in millions for 2018 and 2017." }] }));
  expect(res.status).toBe(202);
  const p = await settled("llm", org.key, json.payload.evaluation_id);
  console.log(JSON.stringify(p, null, 1));
  const a = await submit("agent", org.key, llmBody());
  const q = await settled("agent", org.key, a.json.payload.evaluation_id);
  console.log(JSON.stringify(q, null, 1));
});
