// How a JSON API call runs a command (decision 0056), in one place, as submitCommand is the forms':
// the idempotency key from the Idempotency-Key header, the input parsed with the command's schema,
// and a refusal (core/errors.ts) answered as {error} with its status: input 400, forbidden 403, not
// found 404, conflict 409. Bad input is never a 500.
import { z } from 'zod'
import { runCommand, type Actor, type Command, type CommandResult } from '#commands/command.ts'
import { Refusal, type RefusalKind } from '#core/errors.ts'
import { getDb, type Executor } from '#db/client.server.ts'

export const jsonError = (status: number, error: string, headers?: HeadersInit) => Response.json({ error }, { status, headers: { 'Cache-Control': 'no-store', ...headers } })

/** The header a caller names its call with: the same key again (a retry) acts once and answers the same. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'

const KEY_NOT_UUID = `The ${IDEMPOTENCY_HEADER} header must be a UUID.`

const STATUS: Record<RefusalKind, number> = { input: 400, forbidden: 403, not_found: 404, conflict: 409 }

/** The JSON answer a refusal stands for; a thrown Response is the answer itself; anything else is rethrown (a 500). */
export function refusalResponse(error: unknown): Response {
  if (error instanceof Response) return error
  if (error instanceof Refusal) return jsonError(STATUS[error.kind], error.message)
  throw error
}

/** Runs a command once for its key; a command with work after its commit has a runner of its own (commands/drive.ts deleteDriveFiles). */
type Runner<S extends z.ZodType, A> = (db: Executor, call: { actor: Actor; key: string; input: z.output<S> }) => Promise<A>

/**
 * Runs `command` for a JSON caller and answers with `answer(result)`, or with the refusal. A call
 * without an Idempotency-Key acts as a call of its own (a fresh key), as before keys were taken.
 */
export async function runJsonCommand<S extends z.ZodType, R extends CommandResult, A = R>(
  request: Request,
  command: Command<S, R>,
  call: { actor: Actor; input: unknown; run?: Runner<S, A> },
  answer: (result: A) => Response,
): Promise<Response> {
  const key = request.headers.get(IDEMPOTENCY_HEADER) ?? crypto.randomUUID()
  if (!z.guid().safeParse(key).success) return jsonError(400, KEY_NOT_UUID)
  const parsed = command.schema.safeParse(call.input)
  if (!parsed.success) return jsonError(400, parsed.error.issues[0]?.message ?? 'The request is not valid.')
  // without a runner of its own, A is R (its default): runCommand's own result
  const run: Runner<S, A> = call.run ?? ((db, c) => runCommand(db, command, c) as Promise<unknown> as Promise<A>)
  try {
    return answer(await run(getDb(), { actor: call.actor, key, input: parsed.data as z.output<S> }))
  } catch (error) {
    return refusalResponse(error)
  }
}
