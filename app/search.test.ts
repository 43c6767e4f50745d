// The search box's reads against a real PostgreSQL (issue 24): each kind found by part of its name
// or number, case and accents ignored, LIKE's wildcards taken literally, the catch-all contact and
// the company itself left out, the count capped; and each kind shown only to a user the page it
// links to lets in, with that page's link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Permission } from '#core/permissions.ts'
import { SEARCH_CAP } from '#core/search.ts'
import { config } from '#core/config.server.ts'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'
import { makePretreat } from '../tests/support/pretreats.ts'
import { makeServiceSheet } from '../tests/support/service-sheets.ts'
import { searchFor, searchableKinds } from './search.server.ts'
import { searchStatement } from '#db/queries/search.ts'
import { sql } from 'kysely'

let t: TestDatabase
const ids: Record<string, number | string> = {}
let pretreatNumber = ''

const ALL: Permission[] = ['api.view_storage', 'api.view_customer', 'api.view_pretreat', 'api.view_servicesheet', 'api.view_receipt', 'api.view_s3bucket']
const viewer = (permissions: Permission[]) => ({ is_staff: false, is_superuser: false, permissions })

beforeAll(async () => {
  t = await createTestDatabase()
  const db = t.db
  const user = await db.insertInto('users').values({ username: 'searcher', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow()
  const grower = await db.insertInto('companies').values({ company_name: 'Rémi Cellar Farms' }).returning('id').executeTakeFirstOrThrow()
  await db.insertInto('companies').values({ company_name: config().COMPANY_NAME }).execute()
  ids.grower = grower.id
  const storage = await db.insertInto('storages').values({ company_id: grower.id, name: 'Bodega Núñez 7' }).returning('id').executeTakeFirstOrThrow()
  ids.storage = storage.id
  const contact = await db.insertInto('contacts').values({ company_id: grower.id, name: 'Zoë Quintero', role: 'Manager' }).returning('id').executeTakeFirstOrThrow()
  ids.contact = contact.id
  await db.insertInto('contacts').values({ company_id: grower.id, name: 'Other' }).execute()
  // many growers share a word: the count stops at the cap
  await db
    .insertInto('companies')
    .values(Array.from({ length: SEARCH_CAP + 5 }, (_, i) => ({ company_name: `Quagmire Acres ${i}` })))
    .execute()
  const pt = await makePretreat(db, { company_id: grower.id, storage_id: storage.id })
  ids.pretreat = pt.id
  pretreatNumber = pt.pre_treat_number
  await db.insertInto('service_sheet_numbers').values({ number: 4815162, reserved_by: user.id }).execute()
  const sheet = await makeServiceSheet(db, { sheetNumber: 4815162, company_id: grower.id, storage_id: storage.id, created_by: user.id })
  ids.sheet = sheet.id
  const receipt = await db
    .insertInto('receipts')
    .values({ submission_id: crypto.randomUUID(), type: 'Parts', date: '2026-11-20', location: 'Café Jérôme 50%_off', total_amount: '12.50', created_by: user.id })
    .returning('id')
    .executeTakeFirstOrThrow()
  ids.receipt = receipt.id
  const blobs = await db
    .insertInto('blobs')
    .values([
      { id: crypto.randomUUID(), area: 'drive', key: 'drive/a', filename: 'Contrôle Été.pdf', content_type: 'application/pdf', size_bytes: 10 },
      { id: crypto.randomUUID(), area: 'drive', key: 'drive/b', filename: 'controle-notes.txt', content_type: 'text/plain', size_bytes: 10 },
    ])
    .returning('id')
    .execute()
  await db
    .insertInto('drive_entries')
    .values([
      { parent: '', name: 'audits', is_folder: true, file_type: 'folder' },
      { parent: 'audits/', name: 'Contrôle Été.pdf', is_folder: false, blob_id: blobs[0]!.id, file_type: 'pdf' },
      { parent: '', name: 'controle-notes.txt', is_folder: false, blob_id: blobs[1]!.id, file_type: 'txt' },
    ])
    .execute()
}, 30_000)
afterAll(() => t?.drop())

/** kind → [label, href] of what `q` finds for a user with `permissions` */
async function found(q: string, permissions: Permission[] = ALL) {
  const groups = await searchFor(t.db, viewer(permissions), q)
  return Object.fromEntries(groups.filter((g) => g.count > 0).map((g) => [g.kind, g.links.map((l) => [l.label, l.href])]))
}

describe('the search, kind by kind', () => {
  it('finds growers and storages by part of the name, case and accents ignored; never the company itself', async () => {
    expect(await found('REMI cell')).toEqual({ growers: [['Rémi Cellar Farms', `/storage?company=R%C3%A9mi+Cellar+Farms`]] })
    // the words in any order; a short one too
    expect(await found('farms RÉMI c')).toEqual({ growers: [['Rémi Cellar Farms', `/storage?company=R%C3%A9mi+Cellar+Farms`]] })
    expect(await found('farms remi x')).toEqual({})
    expect(await found('nunez')).toEqual({ storages: [['Bodega Núñez 7', `/view-storage/${ids.storage}`]] })
    expect(await found(config().COMPANY_NAME.slice(0, 8))).toEqual({})
  })

  it('finds a contact by part of the name, linking to its grower’s contacts filtered to it; never the catch-all Other', async () => {
    expect(await found('zoe q')).toEqual({ contacts: [['Zoë Quintero', `/view-contact/${ids.grower}?filter_by=name&filter_value=Zo%C3%AB+Quintero`]] })
    expect((await found('other')).contacts).toBeUndefined()
  })

  it('finds a pre-treat and a service sheet by part of the number', async () => {
    const part = pretreatNumber.slice(0, 6).toLowerCase() // 'pt-26-'
    expect((await found(part)).pretreats).toEqual([[pretreatNumber, `/pretreats/${ids.pretreat}`]])
    expect(await found('151')).toEqual({ sheets: [['#4815162', `/view-service/${ids.sheet}`]] })
    expect(await found('#4815162')).toEqual({ sheets: [['#4815162', `/view-service/${ids.sheet}`]] })
  })

  it('finds a receipt by part of its location; % and _ are punctuation (ignored), never wildcards', async () => {
    expect(await found('jerome')).toEqual({ receipts: [['Café Jérôme 50%_off', `/view-receipt/${ids.receipt}`]] })
    expect(await found('50%_o')).toEqual({ receipts: [['Café Jérôme 50%_off', `/view-receipt/${ids.receipt}`]] })
    // a receipt marked deleted is not found (its list hides it too, unless asked)
    await t.db
      .updateTable('receipts')
      .set((eb) => ({ deleted_at: new Date(), deleted_reason: 'Entered twice', deleted_by: eb.selectFrom('users').select('id').where('username', '=', 'searcher') }))
      .where('id', '=', Number(ids.receipt))
      .execute()
    try {
      expect(await found('jerome')).toEqual({})
    } finally {
      await t.db.updateTable('receipts').set({ deleted_at: null, deleted_reason: null, deleted_by: null }).where('id', '=', Number(ids.receipt)).execute()
    }
    expect(await found('j%r%me')).toEqual({})
  })

  it('issue 38 (31): ignores punctuation on both sides ("henrys fork" finds Henry’s Fork), through the trigram index', async () => {
    const company = await t.db.insertInto('companies').values({ company_name: "Henry's Fork Seed" }).returning('id').executeTakeFirstOrThrow()
    try {
      const henry = { growers: [["Henry's Fork Seed", '/storage?company=Henry%27s+Fork+Seed']] }
      expect(await found('henrys fork')).toEqual(henry)
      expect(await found('Henry’s Fork')).toEqual(henry)
      expect(await found("fork, henry's")).toEqual(henry)
      expect(await found('pt26')).toMatchObject({ pretreats: [[pretreatNumber, `/pretreats/${ids.pretreat}`]] })
      // the plan reads the index on the expression searched (without it, a million growers are read)
      const statement = searchStatement('growers', 'henrys fork', { limit: 5, cap: SEARCH_CAP, ownCompany: config().COMPANY_NAME })!
      const plan = await t.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx)
        return (await sql<{ 'QUERY PLAN': string }>`explain ${statement}`.execute(trx)).rows.map((r) => r['QUERY PLAN']).join('\n')
      })
      expect(plan).toContain('companies_name_search_trgm_idx')
    } finally {
      await t.db.deleteFrom('companies').where('id', '=', company.id).execute()
    }
  })

  it('finds drive files by part of the name, opening those the viewer shows', async () => {
    expect(await found('CONTROLE')).toEqual({
      files: [
        ['Contrôle Été.pdf', '/auditing?p=audits%2F&open=audits%2FContr%C3%B4le+%C3%89t%C3%A9.pdf'],
        ['controle-notes.txt', '/auditing?q=controle-notes.txt'],
      ],
    })
    // folders are not files
    expect(await found('audits')).toEqual({})
  })

  it('counts up to the cap, shows the best few, and gives the kind’s own page for the rest', async () => {
    const [growers] = await searchFor(t.db, viewer(['api.view_storage']), 'quagmire')
    expect(growers).toMatchObject({ kind: 'growers', count: SEARCH_CAP + 1, countText: `${SEARCH_CAP}+`, more: '/search?q=quagmire&kind=growers' })
    expect(growers!.links).toHaveLength(5)
    const [one] = await searchFor(t.db, viewer(['api.view_storage']), 'quagmire', 'growers')
    expect(one!.links).toHaveLength(SEARCH_CAP)
    expect(one!.more).toBeNull()
  })
})

describe('what each user may see', () => {
  it('shows a kind only to a user its page lets in, with that page’s link', async () => {
    expect(searchableKinds(viewer([]))).toEqual([])
    expect(await searchFor(t.db, viewer([]), 'remi')).toEqual([])
    // the customer views: growers open their contacts (no storage browser), and contacts
    expect(searchableKinds(viewer(['api.view_customer']))).toEqual(['growers', 'contacts'])
    expect(await found('remi', ['api.view_customer'])).toEqual({ growers: [['Rémi Cellar Farms', `/view-contact/${ids.grower}`]] })
    expect(await found('zoe', ['api.view_customer'])).toHaveProperty('contacts')
    // one right each
    for (const [permission, kinds] of [
      ['api.view_storage', ['growers', 'storages']],
      ['api.view_pretreat', ['pretreats']],
      ['api.add_pretreat', ['pretreats']],
      ['api.view_servicesheet', ['sheets']],
      ['api.view_receipt', ['receipts']],
      ['api.view_s3bucket', ['files']],
      ['api.add_s3bucket', ['files']],
      ['api.add_receipt', []],
      ['api.add_servicesheet', []],
    ] as const) {
      expect(searchableKinds(viewer([permission])), permission).toEqual(kinds)
    }
    // nothing else is searched, so nothing else is found
    expect(await found('jerome', ['api.view_servicesheet'])).toEqual({})
    expect(await found('151', ['api.view_receipt'])).toEqual({})
    expect(await found('controle', ['api.view_receipt', 'api.view_servicesheet', 'api.view_customer'])).toEqual({})
  })
})
