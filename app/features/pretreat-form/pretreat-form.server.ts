// The pre-treat form's server half, shared by /create-pre-treat (new) and /create-pre-treat/{id}
// (edit): what the page reads (the company picker, the company's choices, the number, the record)
// and what its posts do. Save to Staging runs the form's command (commands/pretreat-form.ts);
// the other buttons (Add / remove a billable company, Add / Remove Product, Recalculate, Insert
// Message) are posted only without JavaScript and answer with the same form changed, nothing saved.
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from '@remix-run/node'
import { z } from 'zod'
import { ACCESS } from '#app/access.ts'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import { loadCompanyPicker } from '#app/components/form/company-picker.server.ts'
import type { FormResult } from '#app/components/form/form-result.ts'
import { submitCommand } from '#app/command-answer.server.ts'
import { savePretreat } from '#commands/pretreat-form.ts'
import { CWT_MIN, parseCwt } from '#core/pretreat-quantities.ts'
import { localToday } from '#core/schemas/applicator.ts'
import { PRETREAT_FORM_MESSAGES as M, SAVE_INTENT, workLines } from '#core/schemas/pretreat-form.ts'
import { seasonOf } from '#core/season.ts'
import { getDb } from '#db/client.server.ts'
import { applicationChoices, billableCompanies, messageText, pretreatChoices, pretreatForForm, reservePretreatNumber } from '#db/queries/pretreat-form.ts'
import { seasonSoFar } from '#db/queries/season.ts'
import { LIST_TEXTS } from '../pretreat-lists/pretreat-list.tsx'
import { parseId } from '#core/ids.ts'

const access = ACCESS['/create-pre-treat']
export const NOT_FOUND = 'That pre-treat does not exist.'

/** The pre-treat an edit's path names, or a 404. */
async function recordOf(idText: string | undefined) {
  if (idText === undefined) return undefined
  const id = parseId(idText)
  const record = id === null ? undefined : await pretreatForForm(getDb(), id)
  if (!record) throw new Response(NOT_FOUND, { status: 404 })
  return record
}

export async function loadPretreatForm(request: Request, idText?: string) {
  const user = await requireAccess(request, access)
  const db = getDb()
  const url = new URL(request.url)
  const record = await recordOf(idText)
  const chosen = url.searchParams.has('company')
  const picker = await loadCompanyPicker(db, url, { activeOnly: !record, current: record && !chosen ? record.company_id : undefined })
  const path = record ? `/create-pre-treat/${record.id}` : '/create-pre-treat'
  const today = localToday()
  const day = record?.application_date ?? today
  const season = seasonOf(day)
  const company = picker.company
  if (!company) return { path, picker, record: record ?? null, form: null }
  const choices = await pretreatChoices(db, company.id)
  const soFar = await seasonSoFar(
    db,
    choices.storages.map((s) => s.id),
    season,
    record?.id,
  )
  return {
    path,
    picker,
    record: record ?? null,
    form: {
      company,
      choices,
      soFar,
      seasonLabel: season.label,
      day,
      // "server assigned": the user's one open number, so reloads and posts back keep it
      number: record?.pre_treat_number ?? (await reservePretreatNumber(db, user.id)),
      submissionId: crypto.randomUUID(),
    },
  }
}

export async function pretreatFormAction(request: Request, idText?: string) {
  const user = await requireAccess(request, access)
  const record = await recordOf(idText)
  const form = await readForm(request)
  const intent = form.get('intent')
  if (typeof intent === 'string' && intent !== SAVE_INTENT) return applyFormIntent(form, intent)
  return submitCommand({
    request,
    form,
    command: savePretreat,
    actor: user,
    // the path names the pre-treat an edit saves, never a posted field
    fixed: { pretreat_id: record?.id ?? null },
    // back to the list the pre-treat is on (a new one: Staged; a scheduled one in progress: Scheduled)
    redirectTo: (saved) => LIST_TEXTS[saved.list].path,
  })
}

type Payload = Record<string, unknown>
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value])
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '')

/** The form as posted, nested by name as conform reads it (without conform's own fields). */
function payloadOf(form: FormData): Payload {
  const plain = new FormData()
  for (const [name, value] of form) if (!name.startsWith('__') && name !== 'intent') plain.append(name, value)
  return parseWithZod(plain, { schema: z.object({}) }).payload as Payload
}

/** A button that changes the form only: the same form back, changed (or its refusal beside the field). */
async function applyFormIntent(form: FormData, intent: string) {
  const db = getDb()
  const payload = payloadOf(form)
  const error: Record<string, string[]> = {}
  const billTo = listOf(payload.bill_to).map(textOf)
  const cwt = parseCwt(textOf(payload.cwt))
  const products = async () => (await applicationChoices(db, { activeOnly: true, ids: [parseId(textOf(payload.application_id)) ?? 0] }))[0]?.products
  const typedLines = () =>
    listOf(payload.chemicals).map((line) => {
      const l = (line ?? {}) as Payload
      const quantity = textOf(l.quantity_requested).trim()
      return { product_id: parseId(textOf(l.product_id)) ?? 0, cwt: textOf(l.cwt), quantity_requested: quantity !== '' && Number.isFinite(Number(quantity)) ? Number(quantity) : null }
    })
  const fillLines = async (typed: ReturnType<typeof typedLines>) => {
    const chosen = await products()
    if (!chosen) error.application_id = [M.product]
    else if (cwt === null || cwt < CWT_MIN) error.cwt = [M.cwt]
    else
      payload.chemicals = workLines(chosen, typed, cwt).map((l) => ({
        product_id: String(l.product_id),
        cwt: String(l.cwt),
        quantity_requested: l.quantity_requested === null ? '' : String(l.quantity_requested),
      }))
  }

  if (intent === 'add-bill-to') {
    const pick = textOf(payload.bill_to_pick)
    const pickedId = parseId(pick)
    const billing = pickedId === null ? { billable: [], serviceCompany: false } : await billableCompanies(db, [pickedId])
    if (billing.serviceCompany) error.bill_to_pick = [M.billToService]
    else if (billing.billable.length === 0) error.bill_to_pick = [M.billToUnknown]
    else if (pick === textOf(payload.company_id)) error.bill_to_pick = [M.billToOwner]
    else if (billTo.includes(pick)) error.bill_to_pick = [M.billToTwice]
    else {
      payload.bill_to = [...billTo, pick]
      payload.bill_to_pick = ''
    }
  } else if (intent.startsWith('remove-bill-to:')) {
    payload.bill_to = billTo.filter((id) => id !== intent.slice('remove-bill-to:'.length))
  } else if (intent === 'choose-application') {
    await fillLines([])
  } else if (intent === 'recalculate') {
    await fillLines(typedLines())
  } else if (intent === 'remove-application') {
    payload.application_id = ''
    payload.chemicals = []
  } else if (intent === 'insert-message') {
    const text = await messageText(db, parseId(textOf(payload.message_id)) ?? 0)
    if (!text) error.message_id = [M.message]
    else {
      const notes = textOf(payload.application_notes).trimEnd()
      payload.application_notes = notes ? `${notes}\n${text}` : text
      payload.message_id = ''
    }
  } else {
    error[''] = ['Unknown button.']
  }
  const refused = Object.keys(error).length > 0
  return data<FormResult>({ status: refused ? 'error' : undefined, initialValue: payload as FormResult['initialValue'], error }, { status: refused ? 400 : 200 })
}
