import type { DocSetId } from "~/modules/registry/registry";
import type { Caller } from "./access.server";
import type { CallInput } from "./call-input";

/** One operation's call as its handler sees it: the authenticated caller and the checked input. */
export interface CallContext {
  set: DocSetId;
  caller: Caller;
  input: CallInput;
  now: Date;
}

/** What a handler answers; 200 and JSON unless it says otherwise. */
export interface Answer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A call of an operation open to everyone: no caller yet, only where it comes from. */
export interface OpenCallContext {
  input: CallInput;
  now: Date;
  /** The client address from the HTTP server; null for in-process calls (the query builder, tests). */
  clientAddress: string | null;
}

export type Handler = (context: CallContext) => Promise<Answer>;
/** An operation the spec opens to everyone (security: []); it counts its own calls. */
export type OpenHandler = (context: OpenCallContext) => Promise<Answer>;

/** A set's handlers by operationId. */
export interface SetHandlers {
  secured: Record<string, Handler>;
  open?: Record<string, OpenHandler>;
}

export const ok = (body: unknown): Answer => ({ body });
