// Growers, contacts and notes against a real PostgreSQL: a form sent twice saves once, an edit
// over a newer save is refused, and the follow-ups due follow their rules.
import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InputError } from '#core/errors.ts'
import { runCommand, type Actor } from '#commands/command.ts'
import { addContact as addContactCommand, addCustomerNote, MAY_NOT_CHANGE_CONTACTS, setContactReports } from '#commands/contacts.ts'
import { saveGrower } from '#commands/growers.ts'
import { ContactReportsSchema, type ContactInput } from '#core/schemas/contact.ts'
import type { InteractionInput } from '#core/schemas/interaction.ts'
import { countRows, createTestDatabase, type TestDatabase } from '../../tests/support/db.ts'
import { newGrower } from '../../tests/support/growers.ts'
import { followUpsDue } from './contacts.ts'

let t: TestDatabase
let office: number

beforeAll(async () => {
  t = await createTestDatabase()
  office = (await t.db.insertInto('users').values({ username: 'office', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow()).id
})
afterAll(() => t.drop())

const actor = (): Actor => ({ id: office, username: 'office', is_superuser: false, permissions: [] })
/** A grower, as Add Grower saves it; returns its id. */
const addGrower = async (name: string) => (await runCommand(t.db, saveGrower, { actor: actor(), key: randomUUID(), input: { ...newGrower(name), mode: 'add' } })).id
/** Add Contact's and the Customer Notes Form's saves, keyed by the form's submission id; each returns the new row's id. */
const addContact = async (value: ContactInput) => (await runCommand(t.db, addContactCommand, { actor: actor(), key: value.submission_id, input: value })).id
const addInteraction = async (companyId: number, value: InteractionInput) =>
  (await runCommand(t.db, addCustomerNote, { actor: actor(), key: value.submission_id, input: { ...value, company_id: companyId } })).id

describe('contacts and notes', () => {
  it('adds a contact and a note once each when their forms are sent twice, and refuses a contact of another grower', async () => {
    const [a, b] = await Promise.all([addGrower('Notes Farm A'), addGrower('Notes Farm B')])
    const contact = {
      submission_id: randomUUID(),
      company_id: a,
      name: 'Dale',
      email: 'dale@a.example',
      phone: '(208) 555-1000',
      role: '',
      active: true,
      receives_reports: false,
      notes: 'x',
      contact_interval: 0,
    }
    const contactsBefore = await countRows(t.db, 'contacts')
    const contactId = await addContact(contact)
    expect(await addContact(contact)).toBe(contactId)
    expect(await countRows(t.db, 'contacts')).toBe(contactsBefore + 1)
    expect((await t.db.selectFrom('contacts').select('phone').where('id', '=', contactId).executeTakeFirstOrThrow()).phone).toBe('+12085551000')

    const note = { submission_id: randomUUID(), contact_id: contactId, notes: 'Called.' }
    const notesBefore = await countRows(t.db, 'interactions')
    const noteId = await addInteraction(a, note)
    expect(await addInteraction(a, note)).toBe(noteId)
    expect(await countRows(t.db, 'interactions')).toBe(notesBefore + 1)
    await expect(addInteraction(b, { ...note, submission_id: randomUUID() })).rejects.toEqual(new InputError({ contact_id: "Choose one of this company's contacts." }))
    expect(await countRows(t.db, 'interactions')).toBe(notesBefore + 1)
  })

  it('counts a contact due from its last note, or from the day it was added; never an inactive one or the catch-all Other', async () => {
    const id = await addGrower('Due Farms')
    const add = async (name: string, addedDaysAgo: number, values: { active?: boolean; contact_interval?: number } = {}) =>
      (
        await t.db
          .insertInto('contacts')
          .values({ company_id: id, name, email: 'd@u.example', notes: 'x', contact_interval: 30, created_at: sql`now() - make_interval(days => ${addedDaysAgo})`, ...values })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    const noteAt = (contactId: number, daysAgo: number) =>
      t.db
        .insertInto('interactions')
        .values({ submission_id: randomUUID(), company_id: id, contact_id: contactId, notes: 'x', created_by: office, created_at: sql`now() - make_interval(days => ${daysAgo})` })
        .execute()
    await add('Never Called', 45)
    await noteAt(await add('Called Long Ago', 400), 35)
    await noteAt(await add('Called Lately', 400), 10)
    await add('New', 3)
    await add('Quiet But Inactive', 400, { active: false })
    await add('other', 400)
    const { rows, total } = await followUpsDue(t.db, { limit: 10 })
    const mine = rows.filter((r) => r.company_id === id)
    expect(mine.map((r) => [r.contact_name, r.days_overdue, r.last_interaction === null])).toEqual([
      ['Never Called', 15, true],
      ['Called Long Ago', 5, false],
    ])
    expect(total).toBeGreaterThanOrEqual(2)

    await t.db.updateTable('companies').set({ active: false }).where('id', '=', id).execute()
    expect((await followUpsDue(t.db, { limit: 10 })).rows.filter((r) => r.company_id === id)).toEqual([])
  })

  it('switches whether a contact receives the grower’s reports, only for a contact of the page’s grower and a user who may add contacts', async () => {
    const [a, b] = await Promise.all([addGrower('Reports Farm A'), addGrower('Reports Farm B')])
    const contactId = await addContact({
      submission_id: randomUUID(),
      company_id: a,
      name: 'Rae',
      email: 'rae@a.example',
      phone: '',
      role: '',
      active: true,
      receives_reports: false,
      notes: 'x',
      contact_interval: 0,
    })
    const receives = async () => (await t.db.selectFrom('contacts').select('receives_reports').where('id', '=', contactId).executeTakeFirstOrThrow()).receives_reports
    const office = { ...actor(), permissions: ['api.add_contact' as const] }
    const set = (who: Actor, company: number, value: 'yes' | 'no') =>
      runCommand(t.db, setContactReports, {
        actor: who,
        key: randomUUID(),
        input: { ...ContactReportsSchema.parse({ submission_id: randomUUID(), contact_id: String(contactId), receives_reports: value }), company_id: company },
      })
    await expect(set(actor(), a, 'yes')).rejects.toThrow(MAY_NOT_CHANGE_CONTACTS)
    await expect(set(office, b, 'yes')).rejects.toThrow(InputError)
    expect(await receives()).toBe(false)
    await set(office, a, 'yes')
    expect(await receives()).toBe(true)
    await set(office, a, 'no')
    expect(await receives()).toBe(false)
  })
})
