// Service sheets for tests, made the way the app makes them: the tech's sheet number (reserveSheetNumber),
// the sheet (in the machine's initial state), its part lines, then startReviewChain (the SUBMIT
// that opens level 1 and the tracker row). Levels can be approved through the real review
// workflow (the approveServiceReview command), so a sheet can be put at any stage.
//   const sheet = await makeServiceSheet(db, { storage_id, approvedLevels: 3 })
import type { Insertable } from 'kysely'
import { levelValues } from '#core/service-hours.ts'
import type { Executor } from '#db/client.server.ts'
import type { ServiceSheetsTable } from '#db/schema.ts'
import { runCommand } from '#commands/command.ts'
import { approveServiceReview } from '#commands/service-reviews.ts'
import { startReviewChain } from '#workflows/service-review.server.ts'
import { hoursOf, HOUR_COLUMNS } from '#db/queries/service-reviews.ts'
import { reserveSheetNumber } from '#db/queries/service-sheets.ts'
import type { ReviewLevel } from '#core/enums.ts'

type SheetValues = Insertable<ServiceSheetsTable>

export interface SheetOverrides extends Partial<Omit<SheetValues, 'service_sheet_number' | 'submission_id'>> {
  /** made from a call of this date (yyyy-mm-dd), at the sheet's place; the tracker shows it as the call-in date (default: no call, 'No Date Available') */
  calledInAt?: string | null
  /** part lines sent with the sheet */
  parts?: { part_id: number; quantity?: number; description?: string }[]
  /** approve review levels 1..n through the review workflow (3 completes the sheet) */
  approvedLevels?: 0 | ReviewLevel
  /** who approves them (default: the sheet's tech) */
  reviewerId?: number
  /** a number already reserved for the sheet's tech (default: one is reserved here) */
  sheetNumber?: number
}

export interface MadeSheet {
  id: number
  service_sheet_number: number
}

/** The first storage (with its company) and the first user, made when the database has none. */
async function defaults(db: Executor): Promise<{ company_id: number; storage_id: number; created_by: number }> {
  let storage = await db.selectFrom('storages').select(['id', 'company_id']).orderBy('id').executeTakeFirst()
  if (!storage) {
    const company = await db.insertInto('companies').values({ company_name: 'Sheet Test Farms' }).returning('id').executeTakeFirstOrThrow()
    storage = await db.insertInto('storages').values({ company_id: company.id, name: 'Sheet Test Cellar' }).returning(['id', 'company_id']).executeTakeFirstOrThrow()
  }
  const user =
    (await db.selectFrom('users').select('id').orderBy('id').executeTakeFirst()) ??
    (await db.insertInto('users').values({ username: 'sheet-tech', password_hash: 'x', first_name: 'Sheet', last_name: 'Tech' }).returning('id').executeTakeFirstOrThrow())
  return { company_id: storage.company_id, storage_id: storage.id, created_by: user.id }
}

export async function makeServiceSheet(db: Executor, overrides: SheetOverrides = {}): Promise<MadeSheet> {
  const { calledInAt = null, parts = [], approvedLevels = 0, reviewerId, sheetNumber, ...values } = overrides
  const base = { ...(await defaults(db)), ...values }
  const sheet = await db.transaction().execute(async (trx) => {
    const number = sheetNumber ?? (await reserveSheetNumber(trx, base.created_by))
    const call = calledInAt === null ? null : await aCall(trx, { ...base, call_in_date: calledInAt })
    const made = await trx
      .insertInto('service_sheets')
      .values({
        submission_id: crypto.randomUUID(),
        service_sheet_number: number,
        service_date: new Date().toISOString().slice(0, 10),
        requested_by: 'Dale Jensen',
        service_rendered: values.job_id ? [] : ['Fan'],
        description: 'Fan 2 will not start',
        notes: 'Replaced the belt; ran the fans 20 minutes.',
        travel_hours: 1,
        labor_hours: 2,
        call_in_id: call?.id ?? null,
        ...base,
      })
      .returning(['id', 'service_sheet_number'])
      .executeTakeFirstOrThrow()
    if (parts.length > 0) {
      await trx
        .insertInto('service_sheet_parts')
        .values(parts.map((p) => ({ service_sheet_id: made.id, part_id: p.part_id, quantity: p.quantity ?? 1, description: p.description ?? '' })))
        .execute()
    }
    await startReviewChain(trx, made.id, base.created_by)
    return made
  })
  for (let level = 1; level <= approvedLevels; level++) await approveLevel(db, sheet.id, level as ReviewLevel, reviewerId ?? base.created_by)
  return sheet
}

/** A call at the sheet's place, as the call-in form saves it. */
function aCall(trx: Executor, at: { company_id: number; storage_id: number; job_id?: number | null; created_by: number; call_in_date: string }) {
  return trx
    .insertInto('call_ins')
    .values({
      submission_id: crypto.randomUUID(),
      company_id: at.company_id,
      storage_id: at.storage_id,
      job_id: at.job_id ?? null,
      created_by: at.created_by,
      call_in_date: at.call_in_date,
      requested_by: 'Dale Jensen',
      description: 'Fan 2 will not start',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
}

/** Approves the sheet's open review of `level` as it stands (its hours, no part changes). */
export async function approveLevel(db: Executor, sheetId: number, level: ReviewLevel, reviewerId: number): Promise<void> {
  const review = await db.selectFrom('service_reviews').select(['id', 'version']).where('service_sheet_id', '=', sheetId).where('review_level', '=', level).executeTakeFirstOrThrow()
  const sheet = await db
    .selectFrom('service_sheets')
    .select([...HOUR_COLUMNS])
    .where('id', '=', sheetId)
    .executeTakeFirstOrThrow()
  const values = levelValues(hoursOf(sheet), level)
  await runCommand(db, approveServiceReview, {
    // a reviewer of every level
    actor: { id: reviewerId, username: 'reviewer', is_superuser: true, permissions: [] },
    key: crypto.randomUUID(),
    input: {
      review_id: review.id,
      intent: 'approve',
      version: review.version,
      travel_hours: values.travel,
      labor_hours: values.labor,
      nc_travel: values.ncTravel,
      nc_labor: values.ncLabor,
      comments: '',
      parts: [],
      new_parts: [],
      new_part: '',
      new_description: '',
    },
  })
}
