// Review editor: one review of a service sheet at its level. An open review of a level the user
// holds is editable ('Edit Review - Level N'); an approved one is read-only ('Completed Review').
// Save keeps the level open, Approve closes it and opens the next (workflows/service-review.*).
// At levels 2 and 3 the page shows what the previous reviewer changed (old → new, highlighted).
// Without JavaScript, removing and adding a part are round trips that save the form; with it they
// happen in the page and go with Save or Approve.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ACCESS } from '#app/access.ts'
import { Form, Link, useLoaderData, useLocation, type ShouldRevalidateFunction } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { readForm, requireAccess } from '#app/auth/guard.server.ts'
import { requireId, requireRecord } from '#app/records.server.ts'
import { AppForm, clientActionCatchingNetworkErrors, SubmitButton, useAppForm } from '#app/components/form/app-form.tsx'
import { StorageSelect } from '#app/components/form/place-fields.tsx'
import { TextAreaField, TextField } from '#app/components/form/fields.tsx'
import { FlashNotice } from '#app/components/form/flash-notice.tsx'
import { Modal } from '#app/components/modal.tsx'
import { serviceText } from '#app/components/service-sheet-detail.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'
import { formatDate } from '#core/formats.ts'
import { editableNcLevels, levelValues, previousLevelChanges, previousLevelPartChange } from '#core/service-hours.ts'
import { submitForm } from '#app/forms.server.ts'
import { InputError } from '#core/errors.ts'
import { ReviewSchema, reviewValues, ServiceDetailsSchema } from '#core/schemas/review.ts'
import { partLineProblem, QUANTITY_MIN } from '#core/schemas/service-sheet.ts'
import { getDb } from '#db/client.server.ts'
import { companyByName, companyOptions, jobByName, jobOptions, partOptions, storagesOfCompany, type PartOption } from '#db/queries/registry.ts'
import { detailsChangesAt, earlierComments, reviewById, reviewSheet, sheetPartLines, type ReviewPartLine } from '#db/queries/service-reviews.ts'
import { nextState } from '#workflows/service-review.machine.ts'
import { changeServiceDetails, mayOpenReview, reviewerLevels, submitReview } from '#workflows/service-review.server.ts'
import { REVIEW_LEVELS, type ReviewLevel, SERVICE_TYPES } from '#core/enums.ts'

export const access = ACCESS['/review-editor/:id']
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.editable ? `Edit Review - Level ${data.review.review_level}` : 'Completed Review' }]
export const handle = { crumbs: [{ label: 'Service', to: '/service' }, { label: 'Reviews', to: '/review-sheets' }, { label: 'Review', to: '.' }] }

/** Runs a read; a failure becomes the spec's text on the error page. */
async function orFail<T>(text: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof Response) throw error
    console.error(text, error)
    throw new Response(text, { status: 500 })
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAccess(request, access)
  const id = requireId(params)
  const db = getDb()
  const review = requireRecord(await orFail('Error fetching review', () => reviewById(db, id)))
  const levels = reviewerLevels(user)
  if (!mayOpenReview(levels, review)) throw new Response('Forbidden', { status: 403 })

  const level = review.review_level
  const [sheet, parts, earlier, detailsChanges, partList] = await orFail('Failed to load sheet details', () =>
    Promise.all([
      reviewSheet(db, review.service_sheet_id),
      sheetPartLines(db, review.service_sheet_id),
      earlierComments(db, review.service_sheet_id, level),
      level > 1 ? detailsChangesAt(db, review.service_sheet_id, (level - 1) as ReviewLevel) : Promise.resolve([]),
      partOptions(db),
    ]),
  )
  if (!sheet) throw new Response('Failed to load sheet details', { status: 500 })
  const editable = review.status === 'open' && levels.includes(level)
  const search = new URL(request.url).searchParams
  const details = editable && search.get('details') === '1' ? await detailsChoices(db, search.get('company') ?? sheet.company_name) : null
  return { review, sheet, parts, earlier, detailsChanges, partList, editable, reviewerLevels: levels, details }
}

/** The 'Select Service Details' modal's lists: companies, jobs, and the storages of the chosen company. */
async function detailsChoices(db: ReturnType<typeof getDb>, companyName: string) {
  const company = await companyByName(db, companyName)
  const [companies, jobs, storages] = await Promise.all([companyOptions(db), jobOptions(db), company ? storagesOfCompany(db, company.id) : Promise.resolve([])])
  return { companies, jobs, storages, company: company?.name ?? companyName, companyKnown: Boolean(company) }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAccess(request, access)
  const id = requireId(params)
  const db = getDb()
  const form = await readForm(request)
  const reviewer = { id: user.id, levels: reviewerLevels(user) }
  const failureText = 'Error updating review'

  if (form.get('intent') === 'details') {
    return submitForm({
      form,
      schema: ServiceDetailsSchema,
      failureText,
      redirectTo: `/review-editor/${id}`,
      save: async (value) => {
        let companyId = 0
        let jobId: number | null = null
        if (value.job) {
          const job = await jobByName(db, value.job)
          if (!job) throw new InputError({ job: 'Choose a job number from the list.' })
          jobId = job.id
          companyId = job.company_id
        } else {
          const company = value.company ? await companyByName(db, value.company) : undefined
          if (!company) throw new InputError({ company: 'Choose a customer from the list.' })
          if (!value.storage_id) throw new InputError({ storage_id: 'Choose a storage.' })
          companyId = company.id
        }
        await changeServiceDetails(db, id, reviewer, {
          version: value.version,
          companyId,
          storageId: value.storage_id ?? 0,
          jobId,
          serviceRendered: value.service_rendered,
          otherService: value.other_service,
        })
      },
    })
  }

  const intent = String(form.get('intent') ?? '')
  return submitForm({
    form,
    schema: ReviewSchema,
    failureText,
    redirectTo: intent === 'approve' ? '/review-sheets' : `/review-editor/${id}`,
    save: async (value) => {
      const parts = value.parts.map((p) => ({ ...p }))
      const newParts = value.new_parts.map((p) => ({ partId: p.part_id, quantity: p.quantity, description: p.description, nc: p.nc }))
      if (value.intent.startsWith('remove-part:')) {
        const line = parts.find((p) => p.id === Number(value.intent.slice('remove-part:'.length)))
        if (!line) throw new InputError({ '': 'That part line is not on this sheet.' })
        line.removed = !line.removed
      }
      if (value.intent === 'add-part') {
        const part = (await partOptions(db)).find((p) => p.part_number === value.new_part?.trim())
        if (!part) throw new InputError({ new_part: 'Choose a part from the parts list.' })
        newParts.push({ partId: part.id, quantity: value.new_quantity ?? 1, description: value.new_description ?? '', nc: false })
      }
      await submitReview(db, id, reviewer, value.intent === 'approve' ? 'approve' : 'save', {
        version: value.version,
        values: reviewValues(value),
        comments: value.comments,
        parts,
        newParts,
      })
    },
  })
}

export const clientAction = clientActionCatchingNetworkErrors

/** Read the review again after every submit, refused ones too: a conflict must bring the current version. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => actionResult !== undefined || defaultShouldRevalidate

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>

export default function ReviewEditor() {
  const data = useLoaderData<typeof loader>()
  const { review, sheet, editable } = data
  const level = review.review_level
  const { pathname } = useLocation()
  return (
    <>
      <FlashNotice />
      <h1>{editable ? `Edit Review - Level ${level}` : 'Completed Review'}</h1>
      {review.status === 'approved' ? (
        <p className="notice">
          Level {level} approved by {review.reviewed_by_name ?? 'a reviewer'} on {formatDate(review.reviewed_at)}.
        </p>
      ) : !editable ? (
        <p className="notice">This review is waiting for a level {level} reviewer.</p>
      ) : null}
      <section className="review-sheet" aria-labelledby="sheet-heading">
        <h2 id="sheet-heading">Service Sheet #{sheet.service_sheet_number}</h2>
        <dl className="detail-list">
          <dt>Date</dt>
          <dd>{formatDate(sheet.service_date)}</dd>
          <dt>Customer</dt>
          <dd>{sheet.company_name}</dd>
          <dt>Storage</dt>
          <dd>{sheet.storage_name}</dd>
          <dt>Job</dt>
          <dd>{sheet.job_name ?? 'None'}</dd>
          <dt>Service</dt>
          <dd>{serviceText(sheet)}</dd>
          <dt>Requested by</dt>
          <dd>{sheet.requested_by}</dd>
          <dt>Tech</dt>
          <dd>{sheet.created_by_name}</dd>
          <dt>Call description</dt>
          <dd>{sheet.description}</dd>
          <dt>Detailed notes</dt>
          <dd>{sheet.notes}</dd>
        </dl>
        {editable ? (
          <Link to={`${pathname}?details=1`} className="button button-secondary" preventScrollReset>
            Select Service Details
          </Link>
        ) : null}
      </section>
      <WhatChanged data={data} />
      {data.earlier.length > 0 ? (
        <section className="earlier-comments" aria-labelledby="comments-heading">
          <h2 id="comments-heading">Earlier comments</h2>
          {data.earlier.map((c) => (
            <p key={c.level}>
              <strong>Level {c.level} comments</strong>
              <br />
              {c.comments || 'No comments.'}
            </p>
          ))}
        </section>
      ) : null}
      <ReviewForm data={data} />
      {data.details ? <ServiceDetailsModal data={data} details={data.details} /> : null}
    </>
  )
}

/** What the previous level's reviewer changed (levels 2 and 3). */
function WhatChanged({ data }: { data: LoaderData }) {
  const level = data.review.review_level
  if (level === 1) return null
  const prev = level - 1
  const values = previousLevelChanges(data.sheet.hours, level)
  const parts = data.parts.map((line) => ({ line, change: previousLevelPartChange(line, level) })).filter((p) => p.change)
  const nothing = values.length === 0 && parts.length === 0 && data.detailsChanges.length === 0
  return (
    <section className="what-changed" aria-labelledby="changed-heading">
      <h2 id="changed-heading">What level {prev} changed</h2>
      {nothing ? <p>Level {prev} changed nothing.</p> : null}
      <ul>
        {data.detailsChanges.map((d, i) => (
          <li key={`d${i}`} className="changed">
            Service details: {d.from.company} · {d.from.storage} · {d.from.job ?? 'no job'} → {d.to.company} · {d.to.storage} · {d.to.job ?? 'no job'}
          </li>
        ))}
        {values.map((v) => (
          <li key={v.key} className="changed">
            {v.label}: <del>{v.from}</del> → <ins>{v.to}</ins>
          </li>
        ))}
        {parts.map(({ line, change }) => (
          <li key={line.id} className="changed">
            Part {line.part_number}
            {change!.added ? ` added by level ${prev}` : ''}
            {change!.nc ? `: NC ${change!.nc.from ? 'yes' : 'no'} → ${change!.nc.to ? 'yes' : 'no'}` : ''}
            {change!.removal ? `: ${change!.removal.to ? 'marked for removal' : 'removal taken back'}` : ''}
          </li>
        ))}
      </ul>
    </section>
  )
}

interface NewLine {
  key: number
  part: PartOption
  quantity: number
  description: string
  nc: boolean
}

function ReviewForm({ data }: { data: LoaderData }) {
  const { review, sheet, editable } = data
  const level = review.review_level
  const current = levelValues(sheet.hours, level)
  const { form, fields, fetcher } = useAppForm(ReviewSchema, {
    id: 'review',
    defaultValue: { travel_hours: current.travel, labor_hours: current.labor, nc_travel: current.ncTravel, nc_labor: current.ncLabor, comments: review.comments },
  })
  const hydrated = useHydrated()
  const [removed, setRemoved] = useState<Record<number, boolean>>(() => Object.fromEntries(data.parts.map((p) => [p.id, p[`marked_for_deletion${level}`]])))
  const [newLines, setNewLines] = useState<NewLine[]>([])
  const [picker, setPicker] = useState({ part: '', quantity: '1', description: '', problem: '' })
  // After a save the page holds the saved lines: start again from them. (The form is not remounted
  // by version: its fetcher carries the Success modal and the redirect that follows it.)
  useEffect(() => {
    setRemoved(Object.fromEntries(data.parts.map((p) => [p.id, p[`marked_for_deletion${level}`]])))
    setNewLines([])
  }, [data.parts, level])
  // the machine decides which buttons exist (the server decides again on submit)
  const event = { level, reviewerLevels: data.reviewerLevels, values: current }
  const canSave = editable && nextState(sheet.status, { type: 'SAVE', ...event }) !== null
  const canApprove = editable && nextState(sheet.status, { type: 'APPROVE', ...event }) !== null
  const ncEditable = editableNcLevels(level)
  const changes = previousLevelChanges(sheet.hours, level) // none at level 1

  function addLine() {
    const part = data.partList.find((p) => p.part_number === picker.part.trim())
    const quantity = Number(picker.quantity)
    const problem = partLineProblem(part, quantity, picker.description)?.message ?? ''
    if (problem || !part) return setPicker({ ...picker, problem })
    setNewLines([...newLines, { key: Date.now(), part, quantity, description: picker.description.trim(), nc: false }])
    setPicker({ part: '', quantity: '1', description: '', problem: '' })
  }

  const changedHint = (key: 'travel' | 'labor' | 'ncTravel' | 'ncLabor') => {
    const change = changes.find((c) => c.key === key)
    return change ? (
      <span className="changed">
        Level {level - 1}: <del>{change.from}</del> → <ins>{change.to}</ins>
      </span>
    ) : undefined
  }

  return (
    <AppForm form={form} fetcher={fetcher} submissionId={`review-${review.id}-${review.version}`} className="form review-form">
      {/* Enter in a field saves (the first submit button is the default one) */}
      {canSave ? (
        <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          Save
        </button>
      ) : null}
      <input type="hidden" name="version" value={review.version} />
      <fieldset disabled={!editable}>
        <legend>Hours (level {level})</legend>
        <div className="field-row">
          <TextField field={fields.travel_hours} label="Travel hours" type="number" inputMode="decimal" hint={changedHint('travel')} />
          <TextField field={fields.labor_hours} label="Labor hours" type="number" inputMode="decimal" hint={changedHint('labor')} />
          <TextField field={fields.nc_travel} label="NC travel hours" type="number" inputMode="decimal" hint={changedHint('ncTravel')} />
          <TextField field={fields.nc_labor} label="NC labor hours" type="number" inputMode="decimal" hint={changedHint('ncLabor')} />
        </div>
        <p className="hint">Submitted by the tech: travel {sheet.hours.travel_hours}, labor {sheet.hours.labor_hours}.</p>
      </fieldset>

      <fieldset disabled={!editable}>
        <legend>Parts</legend>
        {data.parts.length + newLines.length === 0 ? <p className="muted">No parts on this sheet.</p> : null}
        <div className="parts-table-wrap">
          <table className="parts-table">
            <thead>
              <tr>
                <th scope="col">Part #</th>
                <th scope="col">Description</th>
                <th scope="col">Qty</th>
                {REVIEW_LEVELS.map((l) => (
                  <th key={l} scope="col">
                    NC{l}
                  </th>
                ))}
                {editable ? (
                  <th scope="col">
                    <span className="visually-hidden">Remove</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {data.parts.map((line, i) => (
                <PartRow
                  key={line.id}
                  line={line}
                  index={i}
                  level={level}
                  editable={editable}
                  ncEditable={ncEditable}
                  removed={Boolean(removed[line.id])}
                  hydrated={hydrated}
                  onToggle={() => setRemoved({ ...removed, [line.id]: !removed[line.id] })}
                />
              ))}
              {newLines.map((line, i) => (
                <tr key={line.key} className="part-new">
                  <td>
                    {line.part.part_number}
                    <input type="hidden" name={`new_parts[${i}].part_id`} value={line.part.id} />
                    <input type="hidden" name={`new_parts[${i}].quantity`} value={line.quantity} />
                    <input type="hidden" name={`new_parts[${i}].description`} value={line.description} />
                  </td>
                  <td>{line.description || line.part.description}</td>
                  <td>{line.quantity}</td>
                  {REVIEW_LEVELS.map((l) => (
                    <td key={l}>
                      {l === level ? (
                        <input
                          type="checkbox"
                          name={`new_parts[${i}].nc`}
                          aria-label={`NC${l} ${line.part.part_number} (new)`}
                          checked={line.nc}
                          onChange={(e) => setNewLines(newLines.map((n) => (n.key === line.key ? { ...n, nc: e.target.checked } : n)))}
                        />
                      ) : null}
                    </td>
                  ))}
                  <td>
                    <button type="button" className="button button-secondary" onClick={() => setNewLines(newLines.filter((n) => n.key !== line.key))}>
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {editable ? (
          <div className="part-picker">
            <div className="field">
              <label htmlFor="new-part">Part</label>
              <input
                id="new-part"
                name="new_part"
                list="part-options"
                autoComplete="off"
                value={picker.part}
                onChange={(e) => setPicker({ ...picker, part: e.target.value, problem: '' })}
                aria-describedby={picker.problem || fields.new_part.errors ? 'new-part-problem' : undefined}
              />
              <datalist id="part-options">
                {data.partList.map((p) => (
                  <option key={p.id} value={p.part_number}>
                    {p.description}
                  </option>
                ))}
              </datalist>
            </div>
            <div className="field">
              <label htmlFor="new-quantity">Quantity</label>
              <input id="new-quantity" name="new_quantity" type="number" min={QUANTITY_MIN} step="any" value={picker.quantity} onChange={(e) => setPicker({ ...picker, quantity: e.target.value, problem: '' })} />
            </div>
            <div className="field">
              <label htmlFor="new-description">Description (special parts)</label>
              <input id="new-description" name="new_description" value={picker.description} onChange={(e) => setPicker({ ...picker, description: e.target.value, problem: '' })} />
            </div>
            {hydrated ? (
              <button type="button" className="button button-secondary" onClick={addLine}>
                Add Part
              </button>
            ) : (
              <button type="submit" name="intent" value="add-part" className="button button-secondary" formNoValidate>
                Add Part
              </button>
            )}
            {picker.problem || fields.new_part.errors ? (
              <p className="field-error" id="new-part-problem" role="alert">
                {picker.problem || fields.new_part.errors?.join(' ')}
              </p>
            ) : null}
          </div>
        ) : null}
      </fieldset>

      <fieldset disabled={!editable}>
        <legend>Comments</legend>
        <TextAreaField field={fields.comments} label={`Level ${level} comments (optional)`} rows={3} />
      </fieldset>
      {editable ? (
        <div className="form-actions">
          {canSave ? (
            <button type="submit" name="intent" value="save" className="button button-secondary" disabled={fetcher.state !== 'idle'}>
              Save
            </button>
          ) : null}
          {canApprove ? (
            <SubmitButton fetcher={fetcher} name="intent" value="approve">
              Approve
            </SubmitButton>
          ) : null}
        </div>
      ) : null}
    </AppForm>
  )
}

function PartRow({
  line,
  index,
  level,
  editable,
  ncEditable,
  removed,
  hydrated,
  onToggle,
}: {
  line: ReviewPartLine
  index: number
  level: ReviewLevel
  editable: boolean
  ncEditable: ReviewLevel[]
  removed: boolean
  hydrated: boolean
  onToggle: () => void
}) {
  const name = (field: string) => `parts[${index}].${field}`
  const change = previousLevelPartChange(line, level)
  return (
    <tr className={[removed ? 'part-removed' : '', change ? 'changed' : ''].join(' ').trim() || undefined}>
      <td>
        {line.part_number}
        <input type="hidden" name={name('id')} value={line.id} />
        {removed ? <input type="hidden" name={name('removed')} value="on" /> : null}
        {line.added_at_level > 0 ? <span className="badge">added at level {line.added_at_level}</span> : null}
      </td>
      <td>{line.description || line.part_description}</td>
      <td>{line.quantity}</td>
      {REVIEW_LEVELS.map((l) => (
        <td key={l}>
          <input type="checkbox" name={name(`nc${l}`)} defaultChecked={line[`nc${l}`]} disabled={!editable || !ncEditable.includes(l)} aria-label={`NC${l} ${line.part_number}`} />
        </td>
      ))}
      {editable ? (
        <td>
          {hydrated ? (
            <button type="button" className="button button-secondary" onClick={onToggle} aria-pressed={removed}>
              {removed ? 'Add back' : 'Remove'}
            </button>
          ) : (
            <button type="submit" name="intent" value={`remove-part:${line.id}`} className="button button-secondary" formNoValidate>
              {removed ? 'Add back' : 'Remove'}
            </button>
          )}
        </td>
      ) : null}
    </tr>
  )
}

function ServiceDetailsModal({ data, details }: { data: LoaderData; details: NonNullable<LoaderData['details']> }) {
  const { pathname } = useLocation()
  const { form, fields, fetcher } = useAppForm(ServiceDetailsSchema, { id: 'service-details', defaultValue: { job: data.sheet.job_name ?? '', service_rendered: data.sheet.service_rendered, other_service: data.sheet.other_service } })
  const storageValue = details.company === data.sheet.company_name ? String(data.sheet.storage_id) : ''
  return (
    <Modal title="Select Service Details" closeTo={pathname}>
      <Form method="get" className="form">
        <input type="hidden" name="details" value="1" />
        <div className="field">
          <label htmlFor="details-company">Customer</label>
          <input id="details-company" name="company" list="details-companies" autoComplete="off" defaultValue={details.company} />
          <datalist id="details-companies">
            {details.companies.map((c) => (
              <option key={c.id} value={c.name} />
            ))}
          </datalist>
          {!details.companyKnown ? <p className="field-error">Choose a customer from the list.</p> : null}
        </div>
        <button type="submit" className="button button-secondary">
          Show storages
        </button>
      </Form>
      <AppForm form={form} fetcher={fetcher} submissionId={`details-${data.review.id}-${data.review.version}`}>
        <input type="hidden" name="intent" value="details" />
        <input type="hidden" name="version" value={data.review.version} />
        <input type="hidden" name="company" value={details.company} />
        <StorageSelect id="details-storage" name="storage_id" storages={details.storages} defaultValue={storageValue} problem={fields.storage_id.errors?.join(' ')} />
        <TextField field={fields.job} label="Job Number (fills customer and storage)" list="details-jobs" autoComplete="off" />
        <datalist id="details-jobs">
          {details.jobs.map((j) => (
            <option key={j.id} value={j.name}>
              {j.company_name} · {j.storage_name}
            </option>
          ))}
        </datalist>
        {fields.company.errors ? <p className="field-error">{fields.company.errors.join(' ')}</p> : null}
        <fieldset className="service-types">
          <legend>Service type (without a job)</legend>
          <div className="service-types__options">
            {SERVICE_TYPES.map((type) => (
              <label key={type} className="checkbox">
                <input type="checkbox" name="service_rendered" value={type} defaultChecked={data.sheet.service_rendered.includes(type)} /> {type}
              </label>
            ))}
          </div>
          {fields.service_rendered.errors ? <p className="field-error">{fields.service_rendered.errors.join(' ')}</p> : null}
        </fieldset>
        <TextField field={fields.other_service} label="Other service" />
        <div className="form-actions">
          <Link to={pathname} className="button button-secondary">
            Cancel
          </Link>
          <SubmitButton fetcher={fetcher}>Apply</SubmitButton>
        </div>
      </AppForm>
    </Modal>
  )
}
