// A command: the one home of a write that checks anything (docs/decisions/0056-commands.md). It
// takes typed input (its zod schema's output), the actor, and a transaction; it returns a result
// or throws a refusal (core/errors.ts: input, forbidden, conflict, not found), and then nothing
// was done. Every caller — a form action, the JSON API, the offline queue, a script — runs it
// through runCommand with an idempotency key of its own: the same key again (a double tap, a
// retry, a queue sent twice, or both at the same moment) acts once and answers the same.
import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import type { z } from 'zod'
import { ConflictError, InputError, Refusal } from '#core/errors.ts'
import { commandRuns } from '#core/metrics.server.ts'
import type { SessionUser } from '#core/permissions.ts'
import { inTransaction, uniqueConstraint, type Executor } from '#db/client.server.ts'

/** Who acts: a signed-in user (a script acts as the user it names). */
export type Actor = Pick<SessionUser, 'id' | 'username' | 'is_superuser' | 'permissions'>

/** What a command's result may be: it is kept as JSON and given again for its key. */
export type CommandResult = null | boolean | number | string | { [key: string]: CommandResult | undefined } | CommandResult[]

export interface Command<S extends z.ZodType, R extends CommandResult> {
  /** unique among commands: a key used for one command is refused for another */
  name: string
  /** what a caller parses its input with (forms: conform, with this schema) */
  schema: S
  /** the work, in `trx`; throws a refusal to do nothing */
  run(trx: Executor, actor: Actor, input: z.output<S>): Promise<R>
  /**
   * Fields a resend carries anew, left out when a key's input is compared: files posted without
   * JavaScript are stored again by each post, so the same form sent twice names other blob ids.
   */
  resentAnew?: readonly string[]
  /**
   * For a resend whose input otherwise matches: whether its `resentAnew` fields that must still be
   * the first run's are (a password, which is kept with no key, not even hashed, is checked against
   * what the first run saved). False: the resend is refused as a used key.
   */
  resendMatches?(trx: Executor, input: z.output<S>, result: NoInfer<R>): Promise<boolean>
}

export function defineCommand<S extends z.ZodType, R extends CommandResult>(command: Command<S, R>): Command<S, R> {
  return command
}

export const KEY_MESSAGES = {
  invalid: 'This form is out of date. Please reload the page.',
  reused: 'This submission was already used for something else. Please reload the page.',
} as const

/** The input as JSON with its keys sorted (undefined left out), hashed: the same input gives the same hash. */
export function hashOf(input: unknown): string {
  const stable = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(stable)
      : value && typeof value === 'object' && !(value instanceof Date)
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([, v]) => v !== undefined)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([k, v]) => [k, stable(v)]),
          )
        : value
  return createHash('sha256')
    .update(JSON.stringify(stable(input)))
    .digest('hex')
}

function withoutFields(input: unknown, fields: readonly string[]): unknown {
  if (fields.length === 0 || !input || typeof input !== 'object') return input
  return Object.fromEntries(Object.entries(input).filter(([k]) => !fields.includes(k)))
}

export interface CommandCall<S extends z.ZodType, R extends CommandResult> {
  actor: Actor
  /** the submission's idempotency key (a UUID) */
  key: string
  input: z.output<S>
  /**
   * Work of a layer above commands that must commit with the command's (queueing a PDF whose
   * renderer lives in app/): run in its transaction after the command, on the first run only.
   */
  then?: (trx: Executor, result: R) => Promise<unknown>
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Runs `command` once for `key` (a UUID the caller made for this submission). Its work and the
 * record of its answer commit together; a refusal leaves no record, so the same key may be sent
 * again with the input corrected. A second run of the key waits for the first to end (a lock on
 * the key), then answers what the first answered — when it is the same command, actor and input;
 * anything else sent with a used key is refused (a form re-sent with other values after it was
 * saved must be opened again, not taken for the first).
 */
export async function runCommand<S extends z.ZodType, R extends CommandResult>(db: Executor, command: Command<S, R>, call: CommandCall<S, R>): Promise<R> {
  const outcome = { replayed: false }
  try {
    const result = await runOnce(db, command, call, outcome)
    commandRuns().inc({ command: command.name, outcome: outcome.replayed ? 'replayed' : 'done' })
    return result
  } catch (error) {
    commandRuns().inc({ command: command.name, outcome: error instanceof Refusal ? 'refused' : 'failed' })
    throw error
  }
}

async function runOnce<S extends z.ZodType, R extends CommandResult>(db: Executor, command: Command<S, R>, call: CommandCall<S, R>, outcome: { replayed: boolean }): Promise<R> {
  const key = call.key.toLowerCase()
  if (!UUID.test(key)) throw new InputError({ submission_id: KEY_MESSAGES.invalid })
  return inTransaction(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx)
    const inputHash = hashOf(withoutFields(call.input, command.resentAnew ?? []))
    const earlier = await trx.selectFrom('command_runs').select(['command', 'actor_id', 'input_hash', 'result']).where('key', '=', key).executeTakeFirst()
    if (earlier) {
      if (earlier.command !== command.name || earlier.actor_id !== call.actor.id || earlier.input_hash !== inputHash) throw new ConflictError(KEY_MESSAGES.reused)
      if (command.resendMatches && !(await command.resendMatches(trx, call.input, earlier.result as R))) throw new ConflictError(KEY_MESSAGES.reused)
      outcome.replayed = true
      return earlier.result as R
    }
    const result = await command.run(trx, call.actor, call.input).catch((error: unknown) => {
      // a record that already holds this submission id from before its key was kept (made before
      // commands, or by another way in): the key is used, as above
      const cause = error instanceof Error ? error.cause : undefined // a command may wrap it in its own message
      if ([error, cause].some((e) => uniqueConstraint(e)?.endsWith('_submission_uq'))) throw new ConflictError(KEY_MESSAGES.reused)
      throw error
    })
    await call.then?.(trx, result)
    await trx
      .insertInto('command_runs')
      .values({ key, command: command.name, actor_id: call.actor.id, input_hash: inputHash, result: JSON.stringify(result) })
      .execute()
    return result
  })
}
