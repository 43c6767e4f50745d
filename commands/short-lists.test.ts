// A short list's changes (the admin screen's buttons), run as the screen runs them: each post one
// run of its list's command, keyed by the Add form's submission id (a row's buttons send none: a
// key of its own each).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ShortListInput } from '#core/schemas/registry.ts'
import { shortListOptions, shortListRows } from '#db/queries/short-lists.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { runCommand, type Actor } from './command.ts'
import { changeDestinations, changePretreatMessages } from './short-lists.ts'

let t: TestDatabase
let admin: Actor

beforeAll(async () => {
  t = await createTestDatabase()
  const { id } = await t.db.insertInto('users').values({ username: 'admin', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow()
  admin = { id, username: 'admin', is_superuser: false, permissions: [] }
})
afterAll(() => t.drop())

/** One post of the screen: `intent` is its button ('add', 'save:12', 'up:12'…). */
const post = (command: typeof changeDestinations, intent: string, text: string, submission_id?: string) =>
  runCommand(t.db, command, { actor: admin, key: submission_id ?? crypto.randomUUID(), input: { intent, text, submission_id } satisfies ShortListInput })
const destinations = (intent: string, text: string, submission_id?: string) => post(changeDestinations, intent, text, submission_id)

const texts = async () => (await shortListRows(t.db, 'destinations')).map((r) => r.text)

describe('a short list (destinations)', () => {
  it('adds each row last, once for a form sent twice', async () => {
    const twice = crypto.randomUUID()
    await destinations('add', 'Alpha Foods', crypto.randomUUID())
    await Promise.all([destinations('add', 'Beta Packers', twice), destinations('add', 'Beta Packers', twice)])
    await destinations('add', 'Gamma Fries', crypto.randomUUID())
    expect(await texts()).toEqual(['Alpha Foods', 'Beta Packers', 'Gamma Fries'])
  })

  it('refuses a name another destination has, case ignored', async () => {
    await expect(destinations('add', 'ALPHA FOODS', crypto.randomUUID())).rejects.toMatchObject({ fieldErrors: { text: 'A destination with this name already exists.' } })
    const [, beta] = await shortListRows(t.db, 'destinations')
    await expect(destinations(`save:${beta!.id}`, 'alpha foods')).rejects.toMatchObject({ fieldErrors: { text: 'A destination with this name already exists.' } })
    expect(await texts()).toEqual(['Alpha Foods', 'Beta Packers', 'Gamma Fries'])
  })

  it('moves a row up or down one place, and leaves the first and last where they are', async () => {
    const [alpha, , gamma] = await shortListRows(t.db, 'destinations')
    await destinations(`up:${gamma!.id}`, '')
    expect(await texts()).toEqual(['Alpha Foods', 'Gamma Fries', 'Beta Packers'])
    await destinations(`up:${alpha!.id}`, '')
    await destinations(`down:${alpha!.id}`, '')
    expect(await texts()).toEqual(['Gamma Fries', 'Alpha Foods', 'Beta Packers'])
    expect((await shortListRows(t.db, 'destinations')).map((r) => r.position)).toEqual([1, 2, 3])
  })

  it('offers only active rows to the pre-treat form; a row that is gone is a message', async () => {
    const [gamma] = await shortListRows(t.db, 'destinations')
    await destinations(`deactivate:${gamma!.id}`, '')
    expect((await shortListOptions(t.db, 'destinations')).map((r) => r.text)).toEqual(['Alpha Foods', 'Beta Packers'])
    await expect(destinations('save:999999', 'X')).rejects.toMatchObject({ fieldErrors: { '': expect.stringContaining('no longer exists') } })
  })

  it('keeps a message’s lines as plain line breaks', async () => {
    await post(changePretreatMessages, 'add', 'Restart fans.\r\nCall the office.', crypto.randomUUID())
    expect((await shortListRows(t.db, 'pretreat_messages')).map((r) => r.text)).toEqual(['Restart fans.\nCall the office.'])
  })
})
