// Corrections with history (issue 24, decision 0067): who may correct (the author for 7 days, the
// area's change permission at any time, nobody else), the history rows (field: old → new, who),
// the optimistic lock, the delete mark, and the lists that hide marked records unless asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { receiptList } from '#app/lists/receipt-list.server.ts'
import { interactionList } from '#app/lists/interaction-list.server.ts'
import { storageCheckList } from '#app/lists/storage-check-list.server.ts'
import { CORRECTION_MESSAGES } from '#core/corrections.ts'
import { ConflictError, ForbiddenError, InputError } from '#core/errors.ts'
import type { Permission } from '#core/permissions.ts'
import { correctionHistory, recordState } from '#db/queries/corrections.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { runCommand, type Actor } from './command.ts'
import { correctCustomerNote, correctReceipt, correctStorageCheck, deleteRecord } from './corrections.ts'

let t: TestDatabase
let author: Actor
let other: Actor
let office: Actor
let company: number
let storage: number
let contacts: number[]

async function user(username: string, permissions: Permission[]): Promise<Actor> {
  const { id } = await t.db.insertInto('users').values({ username, password_hash: 'x', first_name: username, last_name: 'X' }).returning('id').executeTakeFirstOrThrow()
  return { id, username, is_superuser: false, permissions }
}

beforeAll(async () => {
  t = await createTestDatabase()
  author = await user('author', ['api.add_receipt', 'api.view_receipt', 'api.add_storagecheck', 'api.view_storagecheck', 'api.add_customer', 'api.view_customer'])
  other = await user('other', ['api.add_receipt', 'api.view_receipt', 'api.add_storagecheck', 'api.add_customer'])
  office = await user('office', ['api.view_receipt', 'api.change_receipt', 'api.change_storagecheck', 'api.change_customerinteraction'])
  company = (await t.db.insertInto('companies').values({ company_name: 'Snake River Farms' }).returning('id').executeTakeFirstOrThrow()).id
  storage = (await t.db.insertInto('storages').values({ company_id: company, name: 'North Cellar' }).returning('id').executeTakeFirstOrThrow()).id
  contacts = (
    await t.db
      .insertInto('contacts')
      .values([
        { company_id: company, name: 'Ann', email: 'a@x.test', notes: '' },
        { company_id: company, name: 'Bob', email: 'b@x.test', notes: '' },
      ])
      .returning('id')
      .execute()
  ).map((c) => c.id)
})
afterAll(() => t.drop())

const key = () => crypto.randomUUID()

/** A receipt by the author, submitted `daysAgo` days ago. */
async function receipt(daysAgo = 0) {
  const { id } = await t.db
    .insertInto('receipts')
    .values({ submission_id: key(), type: 'Parts', date: '2026-11-20', location: 'Grainger', total_amount: '12.50', created_by: author.id, created_at: new Date(Date.now() - daysAgo * 86_400_000) })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

const receiptInput = (id: number, version: number, values: { location?: string; total_amount?: number } = {}) => ({
  submission_id: key(),
  record_id: id,
  version,
  type: 'Parts' as const,
  date: '2026-11-20',
  location: values.location ?? 'Grainger',
  total_amount: values.total_amount ?? 12.5,
  event: '',
  customer: '',
  job: '',
  images: [],
  images_ids: [],
})

const correct = (actor: Actor, input: ReturnType<typeof receiptInput>) => runCommand(t.db, correctReceipt, { actor, key: input.submission_id, input })
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  )

describe('correcting a receipt', () => {
  it('lets its author correct it within 7 days, and keeps what changed, by whom, in its history', async () => {
    const id = await receipt(6)
    expect(await correct(author, receiptInput(id, 1, { location: 'Napa Auto Parts', total_amount: 14 }))).toEqual({ id, version: 2 })
    const history = await correctionHistory(t.db, 'receipt', id)
    expect(history).toMatchObject([
      {
        action: 'correct',
        version: 2,
        changed_by_name: 'author X',
        changes: [
          { field: 'Location', old: 'Grainger', new: 'Napa Auto Parts' },
          { field: 'Total', old: '$12.50', new: '$14.00' },
        ],
      },
    ])
    expect((await recordState(t.db, 'receipt', id))?.version).toBe(2)
  })

  it('refuses its author after 7 days, and anyone else without the change permission; nothing changes', async () => {
    const old = await receipt(8)
    const fresh = await receipt(0)
    for (const [actor, id] of [
      [author, old],
      [other, fresh],
    ] as const) {
      const error = await refusal(correct(actor, receiptInput(id, 1, { location: 'Elsewhere' })))
      expect(error).toBeInstanceOf(ForbiddenError)
      expect((error as Error).message).toBe(CORRECTION_MESSAGES.forbidden('receipt'))
    }
    expect(await t.db.selectFrom('receipts').select('location').where('id', 'in', [old, fresh]).execute()).toEqual([{ location: 'Grainger' }, { location: 'Grainger' }])
    expect(await correctionHistory(t.db, 'receipt', old)).toEqual([])
  })

  it('lets a holder of the change permission correct any receipt at any time', async () => {
    const id = await receipt(400)
    await correct(office, receiptInput(id, 1, { location: 'Office fixed it' }))
    expect(await correctionHistory(t.db, 'receipt', id)).toMatchObject([{ changed_by_name: 'office X', changes: [{ field: 'Location', old: 'Grainger', new: 'Office fixed it' }] }])
  })

  it('refuses a correction based on an old version (someone corrected it meanwhile), and one that changes nothing', async () => {
    const id = await receipt(1)
    await correct(office, receiptInput(id, 1, { location: 'First' }))
    const stale = await refusal(correct(author, receiptInput(id, 1, { location: 'Second' })))
    expect(stale).toBeInstanceOf(ConflictError)
    expect((stale as Error).message).toBe(CORRECTION_MESSAGES.stale('receipt'))
    const same = await refusal(correct(author, receiptInput(id, 2, { location: 'First' })))
    expect((same as InputError).fieldErrors).toEqual({ '': CORRECTION_MESSAGES.unchanged })
    expect(await t.db.selectFrom('receipts').select(['location', 'version']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ location: 'First', version: 2 })
  })
})

describe('correcting a storage check and a customer note', () => {
  it('records the changed readings and the changed contact and notes', async () => {
    const check = await t.db
      .insertInto('storage_checks')
      .values({ submission_id: key(), company_id: company, storage_id: storage, created_by: author.id, date_inspected: '2026-11-20', variety: 'Red', fill_status: 'Full', setpoint: 45, notes: 'ok' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const input = {
      submission_id: key(),
      record_id: check.id,
      version: 1,
      company_id: company,
      storage_id: storage,
      date_inspected: '2026-11-20',
      variety: 'Red' as const,
      fill_status: '3/4 Full' as const,
      setpoint: 44,
      notes: 'ok',
      images: [],
      images_ids: [],
    }
    await runCommand(t.db, correctStorageCheck, { actor: author, key: input.submission_id, input })
    expect((await correctionHistory(t.db, 'storage_check', check.id))[0]?.changes).toEqual([
      { field: 'Fill Status', old: 'Full', new: '3/4 Full' },
      { field: 'Setpoint', old: '45 °F', new: '44 °F' },
    ])

    const note = await t.db
      .insertInto('interactions')
      .values({ submission_id: key(), company_id: company, contact_id: contacts[0]!, notes: 'Called', created_by: author.id })
      .returning('id')
      .executeTakeFirstOrThrow()
    const noteInput = { submission_id: key(), record_id: note.id, version: 1, company_id: company, contact_id: contacts[1]!, notes: 'Called back' }
    await runCommand(t.db, correctCustomerNote, { actor: office, key: noteInput.submission_id, input: noteInput })
    expect((await correctionHistory(t.db, 'interaction', note.id))[0]?.changes).toEqual([
      { field: 'Contact', old: 'Ann', new: 'Bob' },
      { field: 'Notes', old: 'Called', new: 'Called back' },
    ])
    expect(await t.db.selectFrom('interactions').select('last_modified_by').where('id', '=', note.id).executeTakeFirstOrThrow()).toEqual({ last_modified_by: office.id })
  })
})

describe('deleting', () => {
  it('marks the record (who, when, why) without losing it; the lists hide it unless asked; it can no longer be corrected', async () => {
    const id = await receipt(0)
    const input = { submission_id: key(), kind: 'receipt' as const, record_id: id, version: 1, reason: 'Entered twice' }
    expect(await refusal(runCommand(t.db, deleteRecord, { actor: other, key: input.submission_id, input }))).toBeInstanceOf(ForbiddenError)
    await runCommand(t.db, deleteRecord, { actor: author, key: input.submission_id, input })
    expect(await recordState(t.db, 'receipt', id)).toMatchObject({ version: 2, deleted_reason: 'Entered twice', deleted_by_name: 'author X', deleted_at: expect.any(Date) })
    expect(await correctionHistory(t.db, 'receipt', id)).toMatchObject([{ action: 'delete', reason: 'Entered twice', changed_by_name: 'author X' }])
    expect(await refusal(correct(office, receiptInput(id, 2, { location: 'Again' })))).toBeInstanceOf(ConflictError)

    const ids = async (params: string) => (await receiptList.load(t.db, params)).rows.map((r) => r.id)
    expect(await ids('page_size=100')).not.toContain(id)
    expect(await ids('page_size=100&deleted=1')).toContain(id)
    const shown = await receiptList.load(t.db, 'page_size=100&deleted=1')
    const hidden = await receiptList.load(t.db, 'page_size=100')
    expect(shown.total - hidden.total).toBe(1) // the hidden list's total leaves the marked row out
    expect(shown.rows.find((r) => r.id === id)?.deleted).toBe(true)
  })

  it('hides a deleted storage check and customer note from their lists unless asked', async () => {
    const check = await t.db
      .insertInto('storage_checks')
      .values({ submission_id: key(), company_id: company, storage_id: storage, created_by: author.id, date_inspected: '2026-11-21', variety: 'Red', fill_status: 'Full', notes: 'dup' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const note = await t.db
      .insertInto('interactions')
      .values({ submission_id: key(), company_id: company, contact_id: contacts[0]!, notes: 'dup', created_by: author.id })
      .returning('id')
      .executeTakeFirstOrThrow()
    for (const [kind, recordId] of [
      ['storage_check', check.id],
      ['interaction', note.id],
    ] as const) {
      const input = { submission_id: key(), kind, record_id: recordId, version: 1, reason: 'Duplicate' }
      await runCommand(t.db, deleteRecord, { actor: office, key: input.submission_id, input })
    }
    const checkIds = async (params: string) => (await storageCheckList.load(t.db, params)).rows.map((r) => r.id)
    expect(await checkIds('page_size=100')).not.toContain(check.id)
    expect(await checkIds('page_size=100&deleted=1')).toContain(check.id)
    const noteIds = async (params: string) => (await interactionList.load(t.db, params)).rows.map((r) => r.id)
    expect(await noteIds('page_size=100')).not.toContain(note.id)
    expect(await noteIds('page_size=100&deleted=1')).toContain(note.id)
  })
})
