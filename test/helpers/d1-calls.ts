// The SQL of every D1 call the isolate makes (the queue consumer runs in it) while recording: each call is
// a query or a batch of statements and goes through the D1 session's _send (workerd's d1-api). Returns
// the function that stops recording.
import { env } from "cloudflare:test";

export function recordD1Calls(onCall: (statements: string[]) => void): () => void {
  const session = (env.DB as unknown as { alwaysPrimarySession?: object }).alwaysPrimarySession;
  const proto = session && (Object.getPrototypeOf(session) as { _send?: (...a: unknown[]) => unknown });
  const send = proto?._send;
  if (!proto || typeof send !== "function") throw new Error("workerd's D1 session has no _send to record");
  proto._send = function (this: unknown, ...args: unknown[]) {
    onCall((Array.isArray(args[1]) ? args[1] : [args[1]]).map((q) => String(q)));
    return send.apply(this, args);
  };
  return () => {
    proto._send = send;
  };
}
