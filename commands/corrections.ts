// Corrections with history (issue 24, decision 0067): a submitted receipt, storage check or customer
// note corrected through its own form, or deleted as a mark with a reason. Each run: the record is
// locked; a deleted one is refused; who may is core/corrections.ts's rule (the author for 7 days,
// the area's change permission at any time); the version the form was opened on must still be the
// record's (else nothing is saved: someone corrected it meanwhile); then the record as it was shown
// before and after the change gives the history row (field: old → new), and the version moves on.
import { z } from 'zod'
import { CORRECTION_MESSAGES, CORRECTION_RIGHTS, CorrectionFields, DeleteRecordSchema, changesBetween, correctionRefusal, type CorrectionKind } from '#core/corrections.ts'
import { ConflictError, ForbiddenError, InputError, NotFoundError } from '#core/errors.ts'
import { formatDate } from '#core/formats.ts'
import { CONTACT_CHOICE_MESSAGE, InteractionSchema } from '#core/schemas/interaction.ts'
import { ReceiptFields, receiptRules } from '#core/schemas/receipt.ts'
import { StorageCheckSchema, storedReadings } from '#core/schemas/storage-check.ts'
import type { Executor } from '#db/client.server.ts'
import { bumpVersion, insertCorrection, linkedImageIds, lockForCorrection, markDeleted, setImages } from '#db/queries/corrections.ts'
import { activeContactOf } from '#db/queries/interactions.ts'
import { receiptDetail } from '#db/queries/receipts.ts'
import { storageCheckDetail } from '#db/queries/storage-checks.ts'
import { defineCommand, type Actor } from './command.ts'
import { NOT_OF_COMPANY } from './contacts.ts'
import { receiptColumns } from './receipts.ts'
import { requireOwnImages } from './rules.ts'

/** The record locked, and the actor let through: a deleted record, a refused actor, a stale version are refused here. */
async function lockAndCheck(trx: Executor, actor: Actor, kind: CorrectionKind, id: number, version: number) {
  const row = await lockForCorrection(trx, kind, id)
  if (!row) throw new NotFoundError()
  const noun = CORRECTION_RIGHTS[kind].noun
  if (row.deleted_at !== null) throw new ConflictError(CORRECTION_MESSAGES.deleted(noun))
  const refusal = correctionRefusal(actor, kind, row)
  if (refusal) throw new ForbiddenError(refusal)
  if (row.version !== version) throw new ConflictError(CORRECTION_MESSAGES.stale(noun))
  return row
}

/**
 * The shared half of a correction: checks, the change (`apply`), the record as shown (`shown`)
 * before and after it, and the history row. Nothing changed is refused (no empty history row).
 */
async function correct(trx: Executor, actor: Actor, kind: CorrectionKind, id: number, version: number, shown: () => Promise<Record<string, string>>, apply: () => Promise<void>) {
  await lockAndCheck(trx, actor, kind, id, version)
  const before = await shown()
  await apply()
  const changes = changesBetween(before, await shown())
  if (changes.length === 0) throw new InputError({ '': CORRECTION_MESSAGES.unchanged })
  const next = await bumpVersion(trx, kind, id, version)
  await insertCorrection(trx, { kind, recordId: id, action: 'correct', version: next, changedBy: actor.id, changes })
  return { id, version: next }
}

/** A correction may keep the record's own images (another user's uploads) and add the actor's own. */
async function allowedImages(trx: Executor, actor: Actor, kind: 'receipt' | 'storage_check', id: number, sent: readonly string[]): Promise<string[]> {
  const linked = new Set(await linkedImageIds(trx, kind, id))
  const images = [...new Set(sent.map((b) => b.toLowerCase()))]
  await requireOwnImages(
    trx,
    actor,
    kind === 'receipt' ? 'receipts' : 'storage_checks',
    images.filter((b) => !linked.has(b)),
  )
  return images
}

// an empty value is kept as '': the history says 'added' or 'removed' for it (record-corrections.tsx)
const imageNames = (images: readonly { filename: string }[]) => images.map((i) => i.filename).join(', ')
const orEmpty = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value))
const reading = (value: string | null, unit: string) => (value === null ? '' : `${Number(value)}${unit}`)

/** A receipt as its detail shows it: what a correction's history compares. */
async function receiptShown(db: Executor, id: number): Promise<Record<string, string>> {
  const r = await receiptDetail(db, id)
  if (!r) throw new NotFoundError()
  return {
    Date: formatDate(r.date),
    Location: r.location,
    Total: `$${r.total_amount}`,
    Truck: orEmpty(r.truck),
    Mileage: r.mileage === null ? '' : String(Number(r.mileage)),
    Category: orEmpty(r.category),
    Customer: orEmpty(r.customer_name),
    Event: orEmpty(r.event),
    Job: orEmpty(r.job_name),
    'Service Sheet': r.service_sheet_number === null ? '' : `#${r.service_sheet_number}`,
    Images: imageNames(r.images),
  }
}

export const correctReceipt = defineCommand({
  name: 'receipts.correct',
  resentAnew: ['images'],
  // record_id: the record the address names, set by the route
  schema: ReceiptFields.extend(CorrectionFields).superRefine(...receiptRules),
  async run(trx, actor, input) {
    return correct(
      trx,
      actor,
      'receipt',
      input.record_id,
      input.version,
      () => receiptShown(trx, input.record_id),
      async () => {
        const row = await trx.selectFrom('receipts').select('type').where('id', '=', input.record_id).executeTakeFirstOrThrow()
        if (row.type !== input.type) throw new InputError({ type: CORRECTION_MESSAGES.fixed('type') })
        const columns = await receiptColumns(trx, input)
        const images = await allowedImages(trx, actor, 'receipt', input.record_id, input.images)
        await trx.updateTable('receipts').set(columns).where('id', '=', input.record_id).execute()
        await setImages(trx, 'receipt', input.record_id, images)
      },
    )
  },
})

/** A storage check as its detail shows it. */
async function checkShown(db: Executor, id: number): Promise<Record<string, string>> {
  const c = await storageCheckDetail(db, id)
  if (!c) throw new NotFoundError()
  return {
    'Date Inspected': formatDate(c.date_inspected),
    Variety: c.variety,
    'Fill Status': c.fill_status,
    Setpoint: reading(c.setpoint, ' °F'),
    Runtime: reading(c.runtime_hours, ' hours'),
    'Plenum Temperature': reading(c.plenum, ' °F'),
    Humidity: reading(c.humidity, ' %'),
    'Pile 1': reading(c.pile1, ' °F'),
    'Pile 2': reading(c.pile2, ' °F'),
    'Pile 3': reading(c.pile3, ' °F'),
    'Pile 4': reading(c.pile4, ' °F'),
    Notes: c.notes,
    Images: imageNames(c.images),
  }
}

export const correctStorageCheck = defineCommand({
  name: 'storage-checks.correct',
  resentAnew: ['images'],
  schema: StorageCheckSchema.extend(CorrectionFields),
  async run(trx, actor, input) {
    return correct(
      trx,
      actor,
      'storage_check',
      input.record_id,
      input.version,
      () => checkShown(trx, input.record_id),
      async () => {
        const row = await trx.selectFrom('storage_checks').select(['company_id', 'storage_id']).where('id', '=', input.record_id).executeTakeFirstOrThrow()
        if (row.company_id !== input.company_id || row.storage_id !== input.storage_id) throw new InputError({ storage_id: CORRECTION_MESSAGES.fixed('owner and storage') })
        const images = await allowedImages(trx, actor, 'storage_check', input.record_id, input.images)
        await trx
          .updateTable('storage_checks')
          .set({
            date_inspected: input.date_inspected,
            variety: input.variety,
            fill_status: input.fill_status,
            ...storedReadings(input),
            notes: input.notes,
          })
          .where('id', '=', input.record_id)
          .execute()
        await setImages(trx, 'storage_check', input.record_id, images)
      },
    )
  },
})

/** A customer note as it is shown: its contact and its notes. */
async function noteShown(db: Executor, id: number): Promise<Record<string, string>> {
  const n = await db.selectFrom('interactions as i').innerJoin('contacts as ct', 'ct.id', 'i.contact_id').select(['ct.name as contact', 'i.notes']).where('i.id', '=', id).executeTakeFirst()
  if (!n) throw new NotFoundError()
  return { Contact: n.contact, Notes: n.notes }
}

export const correctCustomerNote = defineCommand({
  name: 'customer-notes.correct',
  // company_id and record_id: the address's, set by the route
  schema: InteractionSchema.extend({ company_id: z.number().int(), ...CorrectionFields }),
  async run(trx, actor, input) {
    return correct(
      trx,
      actor,
      'interaction',
      input.record_id,
      input.version,
      () => noteShown(trx, input.record_id),
      async () => {
        const row = await trx.selectFrom('interactions').select(['company_id', 'contact_id']).where('id', '=', input.record_id).executeTakeFirstOrThrow()
        if (row.company_id !== input.company_id) throw new NotFoundError()
        // the note's own contact stays allowed even when it is no longer active
        const contact = input.contact_id === row.contact_id ? { id: row.contact_id } : await activeContactOf(trx, input.company_id, input.contact_id)
        if (!contact) throw new InputError({ contact_id: input.contact_id > 0 ? NOT_OF_COMPANY : CONTACT_CHOICE_MESSAGE })
        await trx.updateTable('interactions').set({ contact_id: contact.id, notes: input.notes, last_modified_by: actor.id, last_modified_at: new Date() }).where('id', '=', input.record_id).execute()
      },
    )
  },
})

/** Deleting: the mark (when, by whom, why) and a history row; the row stays. Who may: as for a correction. */
export const deleteRecord = defineCommand({
  name: 'records.delete',
  // kind and record_id: the address's, set by the route
  schema: DeleteRecordSchema,
  async run(trx, actor, input) {
    await lockAndCheck(trx, actor, input.kind, input.record_id, input.version)
    await markDeleted(trx, input.kind, input.record_id, actor.id, input.reason)
    const next = await bumpVersion(trx, input.kind, input.record_id, input.version)
    await insertCorrection(trx, { kind: input.kind, recordId: input.record_id, action: 'delete', version: next, changedBy: actor.id, changes: [], reason: input.reason })
    return { id: input.record_id, version: next }
  },
})
