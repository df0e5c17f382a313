// One Durable Object per conversation: it owns the conversation's stream state so stop_stream can pause
// a running answer from any isolate. The chat area adds the streaming itself.
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../core/env";

export interface StopState {
  dialogueId: string;
  pausedAt: number;
}

export class ConversationStream extends DurableObject<Env> {
  async stop(dialogueId: string): Promise<StopState> {
    const state: StopState = { dialogueId, pausedAt: Math.floor(Date.now() / 1000) };
    await this.ctx.storage.put(`stop:${dialogueId}`, state);
    return state;
  }

  async isStopped(dialogueId: string): Promise<boolean> {
    return (await this.ctx.storage.get(`stop:${dialogueId}`)) !== undefined;
  }
}
