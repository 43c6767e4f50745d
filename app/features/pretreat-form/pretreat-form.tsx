// The pre-treat form (spec storages-and-pretreats.md §2 "Pre-treat form"), one component for the
// new form and the edit: the CompanyPicker (a GET form: ?company=Name), then the form for that
// company. The parts that change as a person works (billable company chips, the product and its
// chemical lines, the notes a message is inserted into) are kept in the page's state; with
// JavaScript the buttons act at once and the quantities and dose warnings follow the cwt as it is
// typed (the same core functions the server runs), without it the buttons post the form back and
// the server answers with it changed (pretreat-form.server.ts).
import { useActionData, useLoaderData } from '@remix-run/react'
import { useState, type MouseEvent } from 'react'
import { AppForm, SubmitButton, useAppForm } from '#app/components/form/app-form.tsx'
import { CompanyPicker } from '#app/components/form/company-picker.tsx'
import { CheckboxField, FieldMessages, SelectField, TextAreaField, TextField } from '#app/components/form/fields.tsx'
import { isFormResult } from '#app/components/form/form-result.ts'
import { useHydrated } from '#app/components/use-hydrated.ts'
import { DOSE_REASON_ASK, NOTHING_SO_FAR } from '#core/season-check.ts'
import { PRETREAT_DEFAULTS, STOCK_TYPES, TREATED_FOR, VARIETIES } from '#core/enums.ts'
import { CWT_DEFAULT, CWT_MIN, formatCwt, formatQuantity, parseCwt } from '#core/pretreat-quantities.ts'
import { licenseStatus } from '#core/schemas/applicator.ts'
import { linesDoseWarnings, OTHER_REQUESTER, PRETREAT_FORM_MESSAGES, PretreatFormSchema, workLines } from '#core/schemas/pretreat-form.ts'
import { PRETREAT_STATUS_LABELS } from '#core/workflow-states.ts'
import type { loadPretreatForm } from './pretreat-form.server.ts'

type PageData = Awaited<ReturnType<typeof loadPretreatForm>>
type PageForm = NonNullable<PageData['form']>
type Line = { product_id: string; cwt: string; quantity_requested: string }

export function PretreatFormPage() {
  const data = useLoaderData<PageData>()
  const editing = data.record !== null
  return (
    <>
      <h1>{editing ? `Edit Pre-Treat ${data.record!.pre_treat_number}` : 'New Pre-Treat'}</h1>
      <div className="form-page">
        <CompanyPicker picker={data.picker} action={data.path} />
        {data.form ? <PretreatForm key={data.form.company.id} data={data} form={data.form} /> : null}
      </div>
    </>
  )
}

const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value))
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value])

/** The values the form starts from: posted back (without JavaScript), the record, or the defaults. */
function startingValues(data: PageData, form: PageForm, posted: Record<string, unknown> | undefined) {
  const r = data.record && data.record.company_id === form.company.id ? data.record : null
  if (posted) {
    return {
      ...posted,
      bill_to: list(posted.bill_to).map(text),
      chemicals: list(posted.chemicals).map((l) => {
        const line = (l ?? {}) as Record<string, unknown>
        return { product_id: text(line.product_id), cwt: text(line.cwt), quantity_requested: text(line.quantity_requested) }
      }),
    } as Record<string, unknown> & { bill_to: string[]; chemicals: Line[] }
  }
  return {
    storage_id: r ? String(r.storage_id) : form.choices.storages.length === 1 ? String(form.choices.storages[0]!.id) : '',
    bill_to: r ? r.bill_to.map(String) : [],
    void: r?.void ? 'on' : '',
    void_comments: r?.void_comments ?? '',
    recommended_by: r ? String(r.recommended_by) : '',
    requested_by: r ? (r.requested_by === null ? OTHER_REQUESTER : String(r.requested_by)) : '',
    other_name: r?.other_name ?? '',
    destination: r?.destination ?? '',
    variety: r?.variety ?? PRETREAT_DEFAULTS.variety,
    treated_for: r?.treated_for ?? PRETREAT_DEFAULTS.treated_for,
    stock_type: r?.stock_type ?? PRETREAT_DEFAULTS.stock_type,
    application_id: r?.application_id ? String(r.application_id) : '',
    cwt: r?.chemicals[0] ? formatCwt(Number(r.chemicals[0].cwt)) : formatCwt(CWT_DEFAULT),
    chemicals: r ? r.chemicals.map((c) => ({ product_id: String(c.product_id), cwt: c.cwt, quantity_requested: c.quantity_requested ?? '' })) : [],
    application_notes: r?.application_notes ?? '',
    purge: r?.purge ? 'on' : '',
    dose_reason: r?.dose_reason ?? '',
  }
}

function PretreatForm({ data, form: page }: { data: PageData; form: PageForm }) {
  const hydrated = useHydrated()
  const actionData = useActionData<unknown>()
  const posted = isFormResult(actionData) ? (actionData.initialValue as Record<string, unknown> | undefined) : undefined
  const start = startingValues(data, page, posted)
  const record = data.record
  const completed = record?.status === 'completed'
  const { form, fields, fetcher } = useAppForm(PretreatFormSchema, { id: `pretreat-${record?.id ?? 'new'}-${page.company.id}`, defaultValue: start as never })
  const { choices } = page

  const [storageId, setStorageId] = useState(text(start.storage_id))
  const [billTo, setBillTo] = useState<string[]>(start.bill_to)
  const [billPick, setBillPick] = useState('')
  const [applicationId, setApplicationId] = useState(text(start.application_id))
  const [cwtText, setCwtText] = useState(text(start.cwt))
  const [lines, setLines] = useState<Line[]>(start.chemicals)
  const [notes, setNotes] = useState(text(start.application_notes))
  const [messageId, setMessageId] = useState('')
  const [requestedBy, setRequestedBy] = useState(text(start.requested_by))
  const [voided, setVoided] = useState(text(start.void) === 'on')
  const [problems, setProblems] = useState<Record<string, string>>({})
  const postedErrors = isFormResult(actionData) ? (actionData.error ?? {}) : {}
  const problemOf = (name: string) => problems[name] ?? postedErrors[name]?.join(' ')

  const chosenLines = lines.length > 0
  const application = choices.applications.find((a) => String(a.id) === applicationId)
  const products = application?.products ?? []
  const cwt = parseCwt(cwtText)
  const numericLines = lines.map((l) => ({ product_id: Number(l.product_id), cwt: Number(l.cwt), quantity_requested: l.quantity_requested.trim() === '' ? null : Number(l.quantity_requested) }))
  const warnings = linesDoseWarnings(products, numericLines, page.soFar[Number(storageId)] ?? NOTHING_SO_FAR, { label: page.seasonLabel, day: page.day })
  const companyName = (id: string) => choices.companies.find((c) => String(c.id) === id)?.name ?? 'Unknown company'
  const billChoices = choices.companies.filter((c) => c.id !== page.company.id && !billTo.includes(String(c.id)))
  const applicators = choices.applicators.filter((a) => {
    const status = licenseStatus(a.expiration, page.day)
    return status === 'Valid' || status === 'Expires soon'
  })

  const act = (handler: () => void) => (event: MouseEvent) => {
    event.preventDefault()
    setProblems({})
    handler()
  }
  const addBillTo = act(() => {
    if (!billPick) setProblems({ bill_to_pick: PRETREAT_FORM_MESSAGES.billToUnknown })
    else {
      setBillTo([...billTo, billPick])
      setBillPick('')
    }
  })
  const chooseProduct = act(() => {
    if (!application) return setProblems({ application_id: 'Choose a product.' })
    if (cwt === null || cwt < CWT_MIN) return setProblems({ cwt: `CWT must be a number of at least ${CWT_MIN}, like 12,500.` })
    setLines(toLines(workLines(application.products, [], cwt)))
  })
  const removeProduct = act(() => {
    setApplicationId('')
    setLines([])
  })
  const insertMessage = act(() => {
    const message = choices.messages.find((m) => String(m.id) === messageId)
    if (!message) return setProblems({ message_id: 'Choose a message to insert.' })
    setNotes(notes.trimEnd() ? `${notes.trimEnd()}\n${message.text}` : message.text)
    setMessageId('')
  })
  const typeCwt = (value: string) => {
    setCwtText(value)
    const next = parseCwt(value)
    // editing the cwt updates every line (spec §5); a quantity typed by hand is worked out again
    if (next !== null && next > 0 && application && lines.length > 0) setLines(toLines(workLines(application.products, [], next)))
  }

  return (
    <AppForm form={form} fetcher={fetcher} submissionId={text(posted?.submission_id) || page.submissionId} className="form sheet-form">
      {/* Enter presses the first submit button: Save, not Add or Remove. */}
      <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <input type="hidden" name="company_id" value={page.company.id} />
      {record ? (
        <>
          <input type="hidden" name="pretreat_id" value={record.id} />
          <input type="hidden" name="version" value={text(posted?.version) || record.version} />
          <p className="muted">
            Status: {PRETREAT_STATUS_LABELS[record.status]}
            {record.upcoming ? ' (staged)' : ''}
            {record.void ? ' — VOID' : ''}
          </p>
        </>
      ) : null}
      {completed ? (
        <p className="notice notice-error" role="alert">
          {PRETREAT_FORM_MESSAGES.notEditable}
        </p>
      ) : null}
      {fields.company_id.errors ? (
        <p className="notice notice-error" role="alert">
          {fields.company_id.errors.join(' ')}
        </p>
      ) : null}

      <div className="form-section">
        <div className="field">
          <label htmlFor="pre-treat-number">Pre-Treat Number</label>
          <input id="pre-treat-number" readOnly value={page.number} />
        </div>
        <PlainSelect
          id={fields.storage_id.id}
          name="storage_id"
          label="Storage"
          value={storageId}
          onChange={setStorageId}
          options={choices.storages.map((s) => ({ value: String(s.id), label: s.name }))}
          placeholder="Choose a storage"
          messages={fields.storage_id.errors}
          hint={choices.storages.length === 0 ? 'This company has no active storages.' : undefined}
        />
      </div>

      <fieldset className="line-items">
        <legend>Billable Companies</legend>
        {billTo.length === 0 ? (
          <p className="muted">Only {page.company.name} is billed.</p>
        ) : (
          <ul className="parts-lines" aria-label="Billable companies">
            {billTo.map((id) => (
              <li key={id} className="parts-lines__line">
                <input type="hidden" name="bill_to" value={id} />
                <span className="parts-lines__part">{companyName(id)}</span>
                <span />
                <button
                  type="submit"
                  name="intent"
                  value={`remove-bill-to:${id}`}
                  formNoValidate
                  className="button button-secondary"
                  aria-label={`Remove ${companyName(id)}`}
                  onClick={act(() => setBillTo(billTo.filter((b) => b !== id)))}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        {fields.bill_to.errors ? <p className="field-error">{fields.bill_to.errors.join(' ')}</p> : null}
        <PlainSelect
          id="bill-to-pick"
          name="bill_to_pick"
          label="Add Billable Company"
          value={billPick}
          onChange={setBillPick}
          options={billChoices.map((c) => ({ value: String(c.id), label: c.name }))}
          placeholder="Choose a company"
          messages={problemOf('bill_to_pick')}
        />
        <div className="form-actions">
          <button type="submit" name="intent" value="add-bill-to" formNoValidate className="button button-secondary" onClick={addBillTo}>
            Add
          </button>
        </div>
      </fieldset>

      {record ? (
        <div className="field">
          <label className="checkbox" htmlFor="pretreat-void">
            <input id="pretreat-void" type="checkbox" name="void" checked={voided} onChange={(e) => setVoided(e.target.checked)} />
            VOID
          </label>
        </div>
      ) : null}
      {record && (voided || !hydrated) ? <TextAreaField field={fields.void_comments} label="Void Notes" rows={2} hint={hydrated ? undefined : 'Required when VOID is checked.'} /> : null}

      <div className="form-section">
        <PlainSelect
          id={fields.recommended_by.id}
          name="recommended_by"
          label="Recommended By"
          defaultValue={text(start.recommended_by)}
          options={applicators.map((a) => ({
            value: String(a.id),
            label: `${a.name} — ${a.license}${licenseStatus(a.expiration, page.day) === 'Expires soon' ? ` (licence expires ${a.expiration})` : ''}`,
          }))}
          placeholder="Choose an applicator"
          messages={fields.recommended_by.errors}
          hint="Applicators whose licence holds on the application day."
          wide
        />
        <PlainSelect
          id={fields.requested_by.id}
          name="requested_by"
          label="Requested By"
          value={requestedBy}
          onChange={setRequestedBy}
          options={[...choices.contacts.map((c) => ({ value: String(c.id), label: c.name })), { value: OTHER_REQUESTER, label: 'Other' }]}
          placeholder="Choose a contact"
          messages={fields.requested_by.errors}
        />
        {requestedBy === OTHER_REQUESTER || !hydrated ? (
          <TextField field={fields.other_name} label="Other Name" autoComplete="off" hint={hydrated ? undefined : 'When Requested By is Other.'} />
        ) : null}
        <SelectField field={fields.destination} label="Destination" options={destinationOptions(choices.destinations, text(start.destination))} placeholder="Choose a destination" />
        <SelectField field={fields.variety} label="Variety" options={VARIETIES} />
        <SelectField field={fields.treated_for} label="Treating For" options={TREATED_FOR} />
        <SelectField field={fields.stock_type} label="Stock Type" options={STOCK_TYPES} />
      </div>

      <fieldset className="line-items">
        <legend>Product</legend>
        <div className="form-section">
          {chosenLines ? (
            <div className="field">
              <label htmlFor="application-chosen">Product</label>
              <input type="hidden" name="application_id" value={applicationId} />
              <input id="application-chosen" readOnly value={application?.name ?? 'Unknown product'} />
            </div>
          ) : (
            <PlainSelect
              id={fields.application_id.id}
              name="application_id"
              label="Product"
              value={applicationId}
              onChange={setApplicationId}
              options={choices.applications.map((a) => ({ value: String(a.id), label: a.name }))}
              placeholder="Choose a product"
              messages={fields.application_id.errors ?? (problemOf('application_id') ? [problemOf('application_id')!] : undefined)}
            />
          )}
          <div className="field">
            <label htmlFor={fields.cwt.id}>CWT</label>
            <input
              id={fields.cwt.id}
              name="cwt"
              inputMode="decimal"
              autoComplete="off"
              required
              value={cwtText}
              onChange={(e) => typeCwt(e.target.value)}
              aria-invalid={fields.cwt.errors || problemOf('cwt') ? true : undefined}
              aria-describedby={`${fields.cwt.id}-hint`}
            />
            <FieldMessages field={fields.cwt} messages={fields.cwt.errors ?? (problemOf('cwt') ? [problemOf('cwt')!] : undefined)} hint={`At least ${CWT_MIN}; commas allowed (12,500).`} />
          </div>
        </div>
        <div className="form-actions">
          {chosenLines ? (
            <>
              {hydrated ? null : (
                <button type="submit" name="intent" value="recalculate" formNoValidate className="button button-secondary">
                  Recalculate
                </button>
              )}
              <button type="submit" name="intent" value="remove-application" formNoValidate className="button button-secondary" onClick={removeProduct}>
                Remove Product
              </button>
            </>
          ) : (
            <button type="submit" name="intent" value="choose-application" formNoValidate className="button button-secondary" onClick={chooseProduct}>
              Add Product
            </button>
          )}
        </div>
        <ChemicalsTable lines={lines} products={products} setLines={setLines} errors={fields.chemicals.errors ?? (problemOf('chemicals') ? [problemOf('chemicals')!] : undefined)} />
      </fieldset>

      {warnings.length > 0 ? (
        <div className="notice notice-error" role="alert" aria-label="Dose warning">
          <ul>
            {warnings.map((w) => (
              <li key={w.message}>{w.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {warnings.length > 0 || fields.dose_reason.errors ? (
        // the warnings are listed just above: the server's message, which names each one again, is shortened
        <TextAreaField field={fields.dose_reason} label="Reason to Save Anyway" rows={2} hint="Shown to the reviewers." errorsAs={warnings.length > 0 ? DOSE_REASON_ASK : undefined} />
      ) : null}

      <div className="form-section">
        <PlainSelect
          id="message-id"
          name="message_id"
          label="Pre Written Messages"
          value={messageId}
          onChange={setMessageId}
          options={choices.messages.map((m) => ({ value: String(m.id), label: m.text }))}
          placeholder="Choose a message"
          messages={problemOf('message_id')}
        />
        <div className="form-actions">
          <button type="submit" name="intent" value="insert-message" formNoValidate className="button button-secondary" onClick={insertMessage}>
            Insert Message
          </button>
        </div>
      </div>
      <div className="field">
        <label htmlFor={fields.application_notes.id}>Notes</label>
        <textarea
          id={fields.application_notes.id}
          name="application_notes"
          rows={5}
          required
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          aria-invalid={fields.application_notes.errors ? true : undefined}
        />
        <FieldMessages field={fields.application_notes} messages={fields.application_notes.errors} />
      </div>
      <CheckboxField field={fields.purge} label="Purge" />

      {completed ? null : (
        <div className="form-actions">
          <SubmitButton fetcher={fetcher} name="intent" value="save">
            {record ? 'Save Changes' : 'Save to Staging'}
          </SubmitButton>
        </div>
      )}
    </AppForm>
  )
}

const toLines = (worked: ReturnType<typeof workLines>): Line[] =>
  worked.map((l) => ({ product_id: String(l.product_id), cwt: String(l.cwt), quantity_requested: l.quantity_requested === null ? '' : String(l.quantity_requested) }))

/** The offered destinations, with the record's own kept when it is no longer offered. */
function destinationOptions(offered: string[], current: string): string[] {
  return current && !offered.includes(current) ? [current, ...offered] : offered
}

function ChemicalsTable({
  lines,
  products,
  setLines,
  errors,
}: {
  lines: Line[]
  products: PageForm['choices']['applications'][number]['products']
  setLines: (lines: Line[]) => void
  errors?: string[]
}) {
  if (lines.length === 0) return <p className="muted">No product added.</p>
  return (
    <>
      <div className="chemicals-table-wrap">
        <table className="chemicals-table cards-on-phone" aria-label="Chemicals">
          <thead>
            <tr>
              <th scope="col">Chemical</th>
              <th scope="col">CWT</th>
              <th scope="col">Quantity</th>
              <th scope="col">Shown as</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => {
              const product = products.find((p) => String(p.id) === line.product_id)
              const quantity = line.quantity_requested.trim() === '' ? null : Number(line.quantity_requested)
              return (
                <tr key={line.product_id}>
                  <td data-label="Chemical">
                    {product?.product_name ?? 'Unknown chemical'}
                    <input type="hidden" name={`chemicals[${index}].product_id`} value={line.product_id} />
                    <input type="hidden" name={`chemicals[${index}].cwt`} value={line.cwt} />
                  </td>
                  <td data-label="CWT">{Number.isFinite(Number(line.cwt)) ? formatCwt(Number(line.cwt)) : line.cwt}</td>
                  <td data-label="Quantity">
                    <input
                      name={`chemicals[${index}].quantity_requested`}
                      aria-label={`Quantity of ${product?.product_name ?? 'chemical'} (${product?.units ?? ''})`}
                      inputMode="decimal"
                      size={8}
                      required
                      value={line.quantity_requested}
                      onChange={(e) => setLines(lines.map((l, i) => (i === index ? { ...l, quantity_requested: e.target.value } : l)))}
                    />
                  </td>
                  <td data-label="Shown as">{product ? formatQuantity(quantity, product.units) : ''}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      {errors ? <p className="field-error">{errors.join(' ')}</p> : null}
    </>
  )
}

/** A <select> driven by the page (not by conform), with its messages. */
function PlainSelect({
  id,
  name,
  label,
  options,
  placeholder,
  value,
  defaultValue,
  onChange,
  messages,
  hint,
  wide = false,
}: {
  id: string
  name: string
  label: string
  options: { value: string; label: string }[]
  placeholder: string
  value?: string
  defaultValue?: string
  onChange?: (value: string) => void
  messages?: string[] | string
  hint?: string
  /** a whole row of its section: long options ('name — licence (licence expires …)') are read whole */
  wide?: boolean
}) {
  const shown = typeof messages === 'string' ? [messages] : messages
  return (
    <div className={wide ? 'field field--wide' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        {...(onChange ? { value, onChange: (e) => onChange(e.target.value) } : { defaultValue })}
        aria-invalid={shown ? true : undefined}
        aria-describedby={[shown ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint ? (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {shown ? (
        <p className="field-error" id={`${id}-error`}>
          {shown.join(' ')}
        </p>
      ) : null}
    </div>
  )
}
