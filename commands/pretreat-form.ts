// The pre-treat form's save (spec storages-and-pretreats.md §2, §5, §7 POST /pre-treats/): a new
// pre-treat is the CREATE step (staged: upcoming), an edit the EDIT step on the version the form
// showed, and a changed VOID box the VOID {notes} or UNVOID step, all in one transaction with the
// chemical lines and billable companies. Everything the browser checked is checked again here with
// what only the database knows: the storage and contact are the company's, the applicator's licence
// holds on the application day, the destination (required, decision 0049) and product are offered,
// the billable companies exist (never the service company itself), and a dose past the label is
// saved only with a reason (decision 0035). A form sent twice saves once (runCommand's key).
import { ConflictError, InputError, NotFoundError } from '#core/errors.ts'
import { doseReasonRequired, NOTHING_SO_FAR } from '#core/season-check.ts'
import { parseCwt } from '#core/pretreat-quantities.ts'
import { licenceHoldsOn, localToday } from '#core/schemas/applicator.ts'
import { linesDoseWarnings, OTHER_REQUESTER, PRETREAT_FORM_MESSAGES as M, PretreatFormSchema, workLines, type PretreatFormInput } from '#core/schemas/pretreat-form.ts'
import { seasonOf } from '#core/season.ts'
import type { Executor } from '#db/client.server.ts'
import { pretreatListOf, type PretreatListName } from '#db/queries/pretreat-lists.ts'
import { keepRecordAfterVoid } from '#workflows/application-record.server.ts'
import { createPretreat, runPretreatStep } from '#workflows/pretreat.server.ts'
import {
  applicationChoices,
  billableCompanies,
  applicatorChoice,
  contactOfCompany,
  isActiveDestination,
  pretreatForForm,
  reservePretreatNumber,
  savePretreatLines,
  storageOfCompany,
  updatePretreatFields,
  type PretreatForForm,
} from '#db/queries/pretreat-form.ts'
import { seasonSoFar } from '#db/queries/season.ts'
import { savePretreatFlags } from '#db/queries/pretreat-workflow.ts'
import { defineCommand, KEY_MESSAGES, type Actor } from './command.ts'
import { parseId } from '#core/ids.ts'

export const NOT_EDITABLE = M.notEditable

/** The checked row and lines of a form, or an InputError naming the field. */
async function checkForm(trx: Executor, value: PretreatFormInput, existing: PretreatForForm | undefined, today: string) {
  const cwt = parseCwt(value.cwt)
  if (cwt === null) throw new InputError({ cwt: M.cwt })
  if (!(await storageOfCompany(trx, value.storage_id, value.company_id))) throw new InputError({ storage_id: M.storage })
  const other = value.requested_by === OTHER_REQUESTER
  if (!other && !(await contactOfCompany(trx, parseId(value.requested_by) ?? 0, value.company_id))) throw new InputError({ requested_by: M.requestedBy })
  const day = existing?.application_date ?? today
  const applicator = await applicatorChoice(trx, value.recommended_by)
  if (!applicator) throw new InputError({ recommended_by: M.recommendedBy })
  if (!licenceHoldsOn(applicator, day)) throw new InputError({ recommended_by: M.licence })
  // a destination is required: the sheet needs one its applicator cannot set (decision 0049);
  // an edit may keep the destination and product it has even if no longer offered
  const keepsDestination = value.destination !== '' && value.destination === existing?.destination
  if (!keepsDestination && (value.destination === '' || !(await isActiveDestination(trx, value.destination)))) throw new InputError({ destination: M.destination })
  const keepsProduct = existing?.application_id === value.application_id
  const [application] = await applicationChoices(trx, { activeOnly: !keepsProduct, ids: [value.application_id] })
  if (!application || application.products.length === 0) throw new InputError({ application_id: M.productGone })
  const billing = await billableCompanies(trx, value.bill_to)
  if (billing.serviceCompany) throw new InputError({ bill_to: M.billToService })
  if (billing.billable.length !== new Set(value.bill_to).size) throw new InputError({ bill_to: M.billToUnknown })

  const lines = workLines(application.products, value.chemicals, cwt)
  if (lines.some((l) => l.quantity_requested === null)) throw new InputError({ chemicals: M.quantity })
  const season = seasonOf(day)
  const soFar = await seasonSoFar(trx, [value.storage_id], season, existing?.id)
  const warnings = linesDoseWarnings(application.products, lines, soFar[value.storage_id] ?? NOTHING_SO_FAR, { label: season.label, day })
  if (warnings.length > 0 && value.dose_reason === '') throw new InputError({ dose_reason: doseReasonRequired(warnings) })

  const fields = {
    company_id: value.company_id,
    storage_id: value.storage_id,
    recommended_by: value.recommended_by,
    requested_by: other ? null : parseId(value.requested_by),
    other_name: other ? value.other_name : '',
    destination: value.destination,
    variety: value.variety,
    treated_for: value.treated_for,
    stock_type: value.stock_type,
    application_id: value.application_id,
    application_notes: value.application_notes,
    purge: value.purge,
    dose_warnings: JSON.stringify(warnings),
    dose_reason: warnings.length > 0 ? value.dose_reason : '',
  }
  const chemicals = lines.map((l) => ({ product_id: l.product_id, cwt: l.cwt, quantity_requested: l.quantity_requested! }))
  return { fields, lines: { chemicals, bill_to: [...new Set(value.bill_to)] } }
}

/**
 * The form's save: a new pre-treat (staged, with the actor's reserved number) or the edit of the
 * pre-treat the edit page's address names (`pretreat_id`, set by the route). Refuses with
 * InputError (a field's message), NotFoundError (no such pre-treat), ConflictError (changed
 * meanwhile, or completed). Answers the pre-treat and the list it now stands on. `today` is the
 * application day of a new pre-treat (a test's fixed day; the app's is the local date).
 */
export function pretreatFormCommand({ today = localToday }: { today?: () => string } = {}) {
  return defineCommand({
    name: 'pretreats.save',
    schema: PretreatFormSchema,
    async run(trx, actor, value): Promise<{ id: number; list: PretreatListName }> {
      const id = value.pretreat_id === undefined ? await create(trx, actor, value, today()) : await edit(trx, actor, value.pretreat_id, value, today())
      const saved = await pretreatForForm(trx, id)
      return { id, list: pretreatListOf(saved!.status, saved!.upcoming) }
    },
  })
}

export const savePretreat = pretreatFormCommand()

async function create(trx: Executor, actor: Actor, value: PretreatFormInput, today: string): Promise<number> {
  const { fields, lines } = await checkForm(trx, value, undefined, today)
  const number = await reservePretreatNumber(trx, actor.id)
  const row = { ...fields, submission_id: value.submission_id, pre_treat_number: number, created_by: actor.id, last_modified_by: actor.id, upcoming: true }
  const { id, created } = await createPretreat(trx, row, actor)
  // a pre-treat that holds this key from before its answer was kept (runCommand answers the rest)
  if (!created) throw new ConflictError(KEY_MESSAGES.reused)
  await savePretreatLines(trx, id, lines)
  return id
}

async function edit(trx: Executor, actor: Actor, id: number, value: PretreatFormInput, today: string): Promise<number> {
  const actorId = actor.id
  const existing = await pretreatForForm(trx, id)
  if (!existing) throw new NotFoundError('No such pre-treat.')
  if (existing.status === 'completed') throw new ConflictError(NOT_EDITABLE)
  if (value.void && value.void_comments.trim() === '') throw new InputError({ void_comments: M.voidNotes })
  const { fields, lines } = await checkForm(trx, value, existing, today)
  const details = { submission_id: value.submission_id }
  await runPretreatStep(
    trx,
    id,
    { type: 'EDIT' },
    {
      actor,
      version: value.version ?? existing.version,
      details,
      refusal: () => new ConflictError(NOT_EDITABLE),
      apply: async (t) => {
        await updatePretreatFields(t, id, { ...fields, last_modified: new Date(), last_modified_by: actorId, ...(value.void && existing.void ? { void_comments: value.void_comments } : {}) })
        await savePretreatLines(t, id, lines)
      },
    },
  )
  if (value.void && !existing.void) {
    await runPretreatStep(trx, id, { type: 'VOID', notes: value.void_comments }, { actor, details, apply: (t) => savePretreatFlags(t, id, { void: true, void_comments: value.void_comments }) })
  } else if (!value.void && existing.void) {
    await runPretreatStep(trx, id, { type: 'UNVOID' }, { actor, details, apply: (t) => savePretreatFlags(t, id, { void: false }) })
  }
  // once applied, a void is kept on the application record with its reason (decision 0042)
  if (value.void !== existing.void) await keepRecordAfterVoid(trx, id)
  return id
}
