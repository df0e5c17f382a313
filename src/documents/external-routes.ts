// Admin API for the external corpus: multipart upload of one file with its metadata, and a listing.
import { z } from "zod";
import { defineRoute } from "../core/route";
import { invalidBody } from "../core/errors";
import { parseWith } from "../core/http";
import { addExternalDocument, externalMetadata, listExternalDocuments } from "./external";
import { failCode } from "./routes";

const TAG = "Admin";

export const externalRoutes = [
  defineRoute({
    method: "POST",
    path: "/admin/v1/external_documents",
    operationId: "addExternalDocument",
    summary: "Add a document to the external corpus (multipart/form-data: file, metadata JSON)",
    tag: TAG,
    auth: "admin",
    envelope: false,
    successStatus: 201,
    bodyKind: "raw",
    rawBodyDoc: {
      contentType: "multipart/form-data",
      schema: z.object({ file: z.string().describe("The file (binary part)"), metadata: externalMetadata.describe("JSON part") }),
    },
    response: z.object({ document_id: z.uuid(), status: z.literal("processing") }),
    handler: async (_input, ctx) => {
      const contentType = ctx.request.headers.get("Content-Type") ?? "";
      if (!contentType.toLowerCase().startsWith("multipart/form-data")) throw invalidBody("Content-Type must be multipart/form-data with parts file and metadata");
      let form: FormData;
      try {
        form = await ctx.request.formData();
      } catch {
        throw invalidBody("The multipart body could not be read");
      }
      const file = form.get("file") as unknown as File | string | null;
      const metadata = form.get("metadata") as unknown as File | string | null;
      if (!file || typeof file === "string") throw invalidBody("file part is required");
      if (metadata === null) throw invalidBody("metadata part is required");
      let meta: unknown;
      try {
        meta = JSON.parse(typeof metadata === "string" ? metadata : await metadata.text());
      } catch {
        throw invalidBody("metadata must be JSON");
      }
      return addExternalDocument(ctx.env, file, parseWith(externalMetadata, meta));
    },
  }),
  defineRoute({
    method: "GET",
    path: "/admin/v1/external_documents",
    operationId: "listExternalDocuments",
    summary: "List the external corpus with statuses",
    tag: TAG,
    auth: "admin",
    envelope: false,
    response: z.object({
      documents: z.array(
        z.object({
          document_id: z.uuid(),
          name: z.string(),
          file_name: z.string(),
          ticker: z.string().nullable(),
          doc_type: z.string().nullable(),
          status: z.enum(["processing", "success", "failed"]),
          fail_code: failCode,
        }),
      ),
    }),
    handler: (_input, ctx) => listExternalDocuments(ctx.env),
  }),
];
