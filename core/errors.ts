// Errors that say what went wrong without saying how to answer it. Workflows, queries and storage
// throw these; the route layer turns them into HTTP (app/http-errors.server.ts): input → 400 with
// the messages beside their fields, not found → 404, forbidden → 403, conflict → 409.

/** Input that is well-formed but wrong (a storage that is not the company's, a part not in the list…). */
export class InputError extends Error {
  /** field name → message; '' for a message about the whole form */
  constructor(readonly fieldErrors: Record<string, string>) {
    super(Object.values(fieldErrors).join(' '))
    this.name = 'InputError'
  }
}

/** The record asked for does not exist (or is not visible to this user). */
export class NotFoundError extends Error {
  constructor(message = 'Not Found') {
    super(message)
    this.name = 'NotFoundError'
  }
}

/** The user may not do this. */
export class ForbiddenError extends Error {
  constructor(message = 'You do not have permission to do that.') {
    super(message)
    this.name = 'ForbiddenError'
  }
}

/** The step is not possible in the record's current state (a workflow refused it, or someone changed it meanwhile). */
export class ConflictError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ConflictError'
  }
}
