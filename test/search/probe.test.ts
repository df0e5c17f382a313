import { env } from "cloudflare:test";
import { it, expect } from "vitest";
it("probe", async () => {
  const v = await env.DB.prepare("select 1 v").first();
  console.log(v);
  await env.DB.prepare("insert into search_fts(rowid,text,title,scope) values (1,'revenue grew strongly','Adobe 10-K','zoext0 zt41444245')").run();
  await env.DB.prepare("insert into search_fts(rowid,text,title,scope) values (2,'net sales declined','Best Buy','zoabc0 zt424259')").run();
  const r = await env.DB.prepare("select rowid, bm25(search_fts,1,0.5,0) r from search_fts where search_fts match ? order by r").bind('{text title}: (revenu OR "net sales") AND scope: (zoext0 OR (zoabc0 AND zt424259))').all();
  console.log(JSON.stringify(r.results));
  await env.DB.prepare("delete from search_fts where rowid = 1").run();
  const r2 = await env.DB.prepare("select rowid from search_fts where search_fts match 'revenu'").all();
  console.log(JSON.stringify(r2.results));
  const j = await env.DB.prepare("select count(*) n from json_each(?)").bind(JSON.stringify([1,2,3])).first();
  console.log(j);
});
