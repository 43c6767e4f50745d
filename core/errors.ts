// Refusals: what went wrong, without saying how to answer it. Commands, workflows, queries and
// storage throw these; the HTTP glue turns them into answers in one place (app/command-answer.server.ts,
// for forms, list rows, pages and JSON alike): input → 400 with the messages beside their fields,
// not found → 404, forbidden → 403, conflict → 409.

export type RefusalKind = 'input' | 'forbidden' | 'conflict' | 'not_found'

/** A command's typed refusal: nothing was done. */
export abstract class Refusal extends Error {
  abstract readonly kind: RefusalKind
}

/** Input that is well-formed but wrong (a storage that is not the company's, a part not in the list…). */
export class InputError extends Refusal {
  readonly kind = 'input'
  /** field name → message; '' for a message about the whole form */
  constructor(readonly fieldErrors: Record<string, string>) {
    super(Object.values(fieldErrors).join(' '))
    this.name = 'InputError'
  }
}

/** The record asked for does not exist (or is not visible to this user). */
export class NotFoundError extends Refusal {
  readonly kind = 'not_found'
  constructor(message = 'Not Found') {
    super(message)
    this.name = 'NotFoundError'
  }
}

/** The user may not do this. */
export class ForbiddenError extends Refusal {
  readonly kind = 'forbidden'
  constructor(message = 'You do not have permission to do that.') {
    super(message)
    this.name = 'ForbiddenError'
  }
}

/** The step is not possible in the record's current state (a workflow refused it, or someone changed it meanwhile). */
export class ConflictError extends Refusal {
  readonly kind = 'conflict'
  constructor(message: string) {
    super(message)
    this.name = 'ConflictError'
  }
}
