// Creating a service sheet: the checks the schema cannot make (they need the database), then the
// sheet with its parts and images and the start of its review chain.
import { InputError } from '#core/errors.ts'
import { IMAGE_NOT_FOUND, PLACE_ID_MESSAGES, PLACE_MESSAGES } from '#core/schemas/place.ts'
import { partLineProblem, ServiceSheetSchema, type ServiceSheetInput } from '#core/schemas/service-sheet.ts'
import type { Executor } from '#db/client.server.ts'
import { activePartsById, callForSheet, drawSheetNumber, insertServiceSheet, lockCall, lockSheetNumber, sheetNumberRow, type CallForSheet } from '#db/queries/service-sheets.ts'
import { startReviewChain } from '#workflows/service-review.server.ts'
import { defineCommand } from './command.ts'
import { requireCustomer, requireOwnImages, requirePlaceIds } from './rules.ts'

export const SHEET_MESSAGES = {
  storage: PLACE_ID_MESSAGES.storage,
  noStorage: PLACE_ID_MESSAGES.noStorage,
  noJob: PLACE_MESSAGES.job,
  job: PLACE_ID_MESSAGES.job,
  noCall: 'That call does not exist.',
  call: "That call's customer, storage and job do not match the ones sent.",
  callHasSheet: (n: number) => `This call already has service sheet #${n}.`,
  numberNotYours: 'That sheet number was not given to you. Please open the form again.',
  numberUsed: 'That sheet number is already used. Please open the form again.',
  images: IMAGE_NOT_FOUND,
} as const

/** Company, storage, job and call must agree with each other; returns the call, if any. */
async function checkPlace(db: Executor, input: ServiceSheetInput): Promise<CallForSheet | undefined> {
  await requirePlaceIds(db, input)
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
  const known = new Map(
    (
      await activePartsById(
        db,
        parts.map((p) => p.part_id),
      )
    ).map((p) => [p.id, p]),
  )
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

export const createServiceSheet = defineCommand({
  name: 'service-sheets.create',
  resentAnew: ['images'],
  schema: ServiceSheetSchema,
  async run(trx, actor, input) {
    await requireCustomer(trx, input.company_id)
    // two forms that share a number (two tabs) or a call wait for each other here: the second
    // then finds the number used, or the call's sheet made
    if (input.sheet_number !== undefined) await lockSheetNumber(trx, input.sheet_number)
    if (input.call_in_id !== undefined) await lockCall(trx, input.call_in_id)
    const call = await checkPlace(trx, input)
    await checkParts(trx, input.parts)
    if (input.sheet_number !== undefined) await checkNumber(trx, actor.id, input.sheet_number)
    const images = await requireOwnImages(trx, actor, 'service', input.images)
    // a form opened with no signal had no number to show: it gets one now, once all else passed
    const number = input.sheet_number ?? (await drawSheetNumber(trx))
    const isJobSheet = input.job_id !== undefined
    const saved = await insertServiceSheet(trx, {
      submission_id: input.submission_id,
      service_sheet_number: number,
      company_id: input.company_id,
      storage_id: input.storage_id,
      job_id: input.job_id ?? null,
      call_in_id: call?.id ?? null,
      created_by: actor.id,
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
    await startReviewChain(trx, saved.id, actor.id)
    return { id: saved.id, service_sheet_number: saved.service_sheet_number }
  },
})
