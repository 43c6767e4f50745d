// A command's JSON face (decision 0088): what a route action that runs a command answers when the
// request asks for JSON (`Accept: application/json`), with the key in the Idempotency-Key header.
// The server makes it in one place (command-answer.server.ts); the outbox reads it (offline/
// send-command.ts). Shared by both, so this file holds types and names only.

/** The header a caller names its call with: the same key again (a retry) acts once and answers the same. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'

/** Done: where the record now is, and the form's own success text when it has one. 200. */
export interface CommandDone {
  ok: true
  redirectTo: string
  message?: string
}

/** Refused (400, 403, 404, 409) or failed (500), nothing done: the reason, and the fields' own messages by name. */
export interface CommandRefused {
  ok: false
  error: string
  fieldErrors?: Record<string, string[]>
}

export type CommandAnswer = CommandDone | CommandRefused

/**
 * The application sheet's answer (/api/pretreat-sheet/:id): a save or checklist says the version it
 * made; a submit has none. A save on an older version is refused (409) with the server's copy, and
 * a submit or checklist short of what it needs names the inputs missing.
 */
export type SheetAnswer = (CommandDone & { saved?: { version: number; savedAt: string } }) | (CommandRefused & { missing?: string[]; conflict?: { version: number; server: Record<string, string> } })

export function isCommandAnswer(value: unknown): value is CommandAnswer {
  if (typeof value !== 'object' || value === null) return false
  const answer = value as { ok?: unknown; redirectTo?: unknown; error?: unknown }
  return answer.ok === true ? typeof answer.redirectTo === 'string' : answer.ok === false && typeof answer.error === 'string'
}
