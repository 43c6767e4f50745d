import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts'
import { applyShortListAction, shortListOptions, shortListRows } from './short-lists.ts'

let t: TestDatabase

beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(() => t.drop())

const texts = async () => (await shortListRows(t.db, 'destinations')).map((r) => r.text)

describe('a short list (destinations)', () => {
  it('adds each row last, once for a form sent twice', async () => {
    const twice = crypto.randomUUID()
    await applyShortListAction(t.db, 'destinations', { kind: 'add' }, 'Alpha Foods', crypto.randomUUID())
    await Promise.all([applyShortListAction(t.db, 'destinations', { kind: 'add' }, 'Beta Packers', twice), applyShortListAction(t.db, 'destinations', { kind: 'add' }, 'Beta Packers', twice)])
    await applyShortListAction(t.db, 'destinations', { kind: 'add' }, 'Gamma Fries', crypto.randomUUID())
    expect(await texts()).toEqual(['Alpha Foods', 'Beta Packers', 'Gamma Fries'])
  })

  it('refuses a name another destination has, case ignored', async () => {
    await expect(applyShortListAction(t.db, 'destinations', { kind: 'add' }, 'ALPHA FOODS', crypto.randomUUID())).rejects.toMatchObject({ fieldErrors: { text: 'A destination with this name already exists.' } })
    const [, beta] = await shortListRows(t.db, 'destinations')
    await expect(applyShortListAction(t.db, 'destinations', { kind: 'save', id: beta!.id }, 'alpha foods')).rejects.toMatchObject({ fieldErrors: { text: 'A destination with this name already exists.' } })
    expect(await texts()).toEqual(['Alpha Foods', 'Beta Packers', 'Gamma Fries'])
  })

  it('moves a row up or down one place, and leaves the first and last where they are', async () => {
    const [alpha, , gamma] = await shortListRows(t.db, 'destinations')
    await applyShortListAction(t.db, 'destinations', { kind: 'up', id: gamma!.id }, '')
    expect(await texts()).toEqual(['Alpha Foods', 'Gamma Fries', 'Beta Packers'])
    await applyShortListAction(t.db, 'destinations', { kind: 'up', id: alpha!.id }, '')
    await applyShortListAction(t.db, 'destinations', { kind: 'down', id: alpha!.id }, '')
    expect(await texts()).toEqual(['Gamma Fries', 'Alpha Foods', 'Beta Packers'])
    expect((await shortListRows(t.db, 'destinations')).map((r) => r.position)).toEqual([1, 2, 3])
  })

  it('offers only active rows to the pre-treat form; a row that is gone is a message', async () => {
    const [gamma] = await shortListRows(t.db, 'destinations')
    await applyShortListAction(t.db, 'destinations', { kind: 'deactivate', id: gamma!.id }, '')
    expect((await shortListOptions(t.db, 'destinations')).map((r) => r.text)).toEqual(['Alpha Foods', 'Beta Packers'])
    await expect(applyShortListAction(t.db, 'destinations', { kind: 'save', id: 999_999 }, 'X')).rejects.toMatchObject({ fieldErrors: { '': expect.stringContaining('no longer exists') } })
  })

  it('keeps a message’s lines as plain line breaks', async () => {
    await applyShortListAction(t.db, 'pretreat_messages', { kind: 'add' }, 'Restart fans.\r\nCall the office.', crypto.randomUUID())
    expect((await shortListRows(t.db, 'pretreat_messages')).map((r) => r.text)).toEqual(['Restart fans.\nCall the office.'])
  })
})
