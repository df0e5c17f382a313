// Every endpoint of the Worker, area by area. Adding an area means adding its routes here.
import type { AnyRoute } from "./core/route";
import { adminRoutes } from "./admin/routes";
import { metaRoutes } from "./meta/routes";
import { marketRoutes } from "./market/routes";
import { searchRoutes } from "./search/routes";
import { ttsqlRoutes } from "./ttsql/routes";
import { documentRoutes } from "./documents/routes";
import { downloadRoutes } from "./documents/download-routes";
import { externalRoutes } from "./documents/external-routes";
import { judgeRoutes } from "./judges/routes";
import { chatRoutes } from "./chat/routes";
import { analyticsJudgeRoutes } from "./chat/judge-routes";

export const routes: AnyRoute[] = [];
routes.push(...metaRoutes(() => routes), ...adminRoutes, ...marketRoutes, ...documentRoutes, ...downloadRoutes, ...externalRoutes, ...searchRoutes, ...judgeRoutes, ...ttsqlRoutes, ...chatRoutes, ...analyticsJudgeRoutes);
