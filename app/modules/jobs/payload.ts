import type { z } from "zod";

/**
 * A job kind's payload, typed both ways: `enqueue(kind, codec.of(value))` writes what the schema reads, and a
 * handler reads its payload (or a given-up job's stored text) through the same schema instead of a cast.
 */
export interface PayloadCodec<T> {
  /** The value to enqueue, checked against the type. */
  of(value: T): T;
  /** A running job's payload (JobContext.payload). */
  read(context: { payload: unknown }): T;
  /** A stored job's payload text (Job.payload), e.g. in onGiveUp. */
  readJob(job: { payload: string }): T;
}

export function jobPayload<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>): PayloadCodec<T> {
  return {
    of: (value) => value,
    read: (context) => schema.parse(context.payload),
    readJob: (job) => schema.parse(JSON.parse(job.payload)),
  };
}
