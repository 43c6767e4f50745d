// Creating a service sheet: the checks the schema cannot make (they need the database), then in one
// transaction the sheet with its parts and images and the start of its review chain. A resent form
// (same submission id) creates nothing new. Bad input throws InputError and saves nothing.
import { InputError } from '#core/errors.ts'
import type { SessionUser } from '#core/permissions.ts'
import { partLineProblem, type ServiceSheetInput } from '#core/schemas/service-sheet.ts'
import type { Executor } from '#db/client.server.ts'
import { jobById, storageById } from '#db/queries/registry.ts'
import { activePartsById, callForSheet, existingSheet, insertServiceSheet, sheetNumberRow, type CallForSheet } from '#db/queries/service-sheets.ts'
import { ownedBlobIds } from '#storage/uploads.server.ts'
import { startReviewChain } from './service-review.server.ts'

export const SHEET_MESSAGES = {
  storage: "That storage is not one of this customer's storages.",
  noStorage: 'Choose a storage.',
  noJob: 'Choose a job number from the list.',
  job: "That job's customer and storage do not match the ones sent.",
  noCall: 'That call does not exist.',
  call: "That call's customer, storage and job do not match the ones sent.",
  callHasSheet: (n: number) => `This call already has service sheet #${n}.`,
  numberNotYours: 'That sheet number was not given to you. Please open the form again.',
  numberUsed: 'That sheet number is already used. Please open the form again.',
  images: 'An uploaded file could not be found. Please upload it again.',
  resent: 'This form was already sent. Please open the form again.',
} as const

type Creator = Pick<SessionUser, 'id' | 'username'>

/** Company, storage, job and call must agree with each other; returns the call, if any. */
async function checkPlace(db: Executor, input: ServiceSheetInput): Promise<CallForSheet | undefined> {
  if (input.job_id !== undefined) {
    const job = await jobById(db, input.job_id)
    if (!job) throw new InputError({ job_id: SHEET_MESSAGES.noJob })
    // The job fills company and storage; what the form sent must be the same.
    if (job.company_id !== input.company_id || job.storage_id !== input.storage_id) throw new InputError({ job_id: SHEET_MESSAGES.job })
  } else {
    const storage = await storageById(db, input.storage_id)
    if (!storage) throw new InputError({ storage_id: SHEET_MESSAGES.noStorage })
    if (storage.company_id !== input.company_id) throw new InputError({ storage_id: SHEET_MESSAGES.storage })
  }
  if (input.call_in_id === undefined) return undefined
  const call = await callForSheet(db, input.call_in_id)
  if (!call) throw new InputError({ call_in_id: SHEET_MESSAGES.noCall })
  if (call.sheet_number !== null) throw new InputError({ call_in_id: SHEET_MESSAGES.callHasSheet(call.sheet_number) })
  if (call.company_id !== input.company_id || call.storage_id !== input.storage_id || call.job_id !== (input.job_id ?? null)) {
    throw new InputError({ call_in_id: SHEET_MESSAGES.call })
  }
  return call
}

/** Every line names an active part; special parts carry a description (the picker's own rule). */
async function checkParts(db: Executor, parts: ServiceSheetInput['parts']): Promise<void> {
  const known = new Map((await activePartsById(db, parts.map((p) => p.part_id))).map((p) => [p.id, p]))
  const problems: Record<string, string> = {}
  parts.forEach((line, i) => {
    const problem = partLineProblem(known.get(line.part_id), line.quantity, line.description)
    if (problem) problems[`parts[${i}].${problem.field === 'part' ? 'part_id' : problem.field}`] = problem.message
  })
  if (Object.keys(problems).length > 0) throw new InputError(problems)
}

/** The number was handed to this user when their form opened, and no sheet has it yet. */
async function checkNumber(db: Executor, userId: number, number: number): Promise<void> {
  const row = await sheetNumberRow(db, number)
  if (!row || row.reserved_by !== userId) throw new InputError({ sheet_number: SHEET_MESSAGES.numberNotYours })
  if (row.used_by_sheet !== null) throw new InputError({ sheet_number: SHEET_MESSAGES.numberUsed })
}

function uniqueViolation(error: unknown): string | null {
  const e = error as { code?: string; constraint?: string }
  return e?.code === '23505' ? (e.constraint ?? '') : null
}

type Saved = { id: number; service_sheet_number: number; created: boolean }

/** The sheet an earlier send of this form made, if any (its number and call are taken by now). */
async function madeBefore(db: Executor, user: Creator, submissionId: string): Promise<Saved | undefined> {
  const earlier = await existingSheet(db, submissionId)
  if (!earlier) return undefined
  if (earlier.created_by !== user.id) throw new InputError({ '': SHEET_MESSAGES.resent })
  return { id: earlier.id, service_sheet_number: earlier.service_sheet_number, created: false }
}

export async function createServiceSheet(db: Executor, user: Creator, input: ServiceSheetInput): Promise<Saved> {
  const before = await madeBefore(db, user, input.submission_id)
  if (before) return before

  let call: CallForSheet | undefined
  const images = [...new Set(input.images.map((id) => id.toLowerCase()))]
  try {
    call = await checkPlace(db, input)
    await checkParts(db, input.parts)
    await checkNumber(db, user.id, input.sheet_number)
    if ((await ownedBlobIds(db, user, 'service', images)).length !== images.length) throw new InputError({ images: SHEET_MESSAGES.images })
  } catch (error) {
    // A second send racing the first: once the first is saved, its number and call look taken.
    if (error instanceof InputError) {
      const raced = await madeBefore(db, user, input.submission_id)
      if (raced) return raced
    }
    throw error
  }

  const isJobSheet = input.job_id !== undefined
  try {
    return await db.transaction().execute(async (trx) => {
      const saved = await insertServiceSheet(trx, {
        submission_id: input.submission_id,
        service_sheet_number: input.sheet_number,
        company_id: input.company_id,
        storage_id: input.storage_id,
        job_id: input.job_id ?? null,
        call_in_id: call?.id ?? null,
        created_by: user.id,
        service_date: input.service_date,
        po_number: input.po_number,
        requested_by: input.requested_by,
        // A job sheet's service type is N/A (the form shows it disabled).
        service_rendered: isJobSheet ? [] : [...new Set(input.service_rendered)],
        other_service: !isJobSheet && input.service_rendered.includes('Other') ? input.other_service : '',
        // Made from a call, the description is the call's (read-only on the form).
        description: call?.description ?? input.description,
        notes: input.notes,
        travel_hours: input.travel_hours,
        labor_hours: input.labor_hours,
        parts: input.parts,
        images,
      })
      if (saved.created) await startReviewChain(trx, saved.id, user.id)
      return saved
    })
  } catch (error) {
    // Two sends racing past the checks: the loser finds the winner's sheet, or learns what was taken.
    const constraint = uniqueViolation(error)
    if (constraint === null) throw error
    const raced = await madeBefore(db, user, input.submission_id)
    if (raced) return raced
    if (constraint === 'service_sheets_call_in_uq') {
      const taken = input.call_in_id === undefined ? undefined : await callForSheet(db, input.call_in_id)
      throw new InputError({ call_in_id: SHEET_MESSAGES.callHasSheet(taken?.sheet_number ?? input.sheet_number) })
    }
    if (constraint === 'service_sheets_number_uq') throw new InputError({ sheet_number: SHEET_MESSAGES.numberUsed })
    throw error
  }
}
