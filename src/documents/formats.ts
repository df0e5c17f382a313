// Which files each flow accepts and the size limits: sources take PDF, DOCX, XLSX, DOC, TXT, PPTX;
// the vault (EU successor) also takes XLS, PPT and HTML. 20 MB per file, 10 files per batch.

export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_FILES_PER_BATCH = 10;

export type UploadFlow = "source" | "vault";

const SOURCE_TYPES: Record<string, string[]> = {
  "application/pdf": ["pdf"],
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ["docx"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ["xlsx"],
  "application/msword": ["doc"],
  "text/plain": ["txt"],
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": ["pptx"],
};

const VAULT_EXTRA: Record<string, string[]> = {
  "application/vnd.ms-excel": ["xls"],
  "application/vnd.ms-powerpoint": ["ppt"],
  "text/html": ["html", "htm"],
};

export function allowedTypes(flow: UploadFlow): Record<string, string[]> {
  return flow === "source" ? SOURCE_TYPES : { ...SOURCE_TYPES, ...VAULT_EXTRA };
}

/** The canonical content type of an upload, or null when the flow refuses it. */
export function acceptContentType(flow: UploadFlow, contentType: string): string | null {
  const base = contentType.split(";")[0].trim().toLowerCase();
  return base in allowedTypes(flow) ? base : null;
}

export function describeAllowed(flow: UploadFlow): string {
  return [...new Set(Object.values(allowedTypes(flow)).flat())].map((e) => e.toUpperCase()).join(", ");
}

/** A file name safe as the last segment of an R2 key and a URL path. */
export function safeFileName(name: string): string {
  const cleaned = name.normalize("NFKC").replace(/[\\/\u0000-\u001f\u007f]+/g, "_").trim();
  const kept = cleaned.slice(-200);
  // "." and ".." would be dot segments in the key's URL (R2 presigning), resolving to another key.
  return kept === "" || /^\.+$/.test(kept) ? "file" : kept;
}
