// The review form: this level's hours (NC hours capped by the level's hours), the part lines with
// their NC flags and removal marks, parts added at this level (the shared parts picker on a
// LineItemsField), comments, Save and Approve.
import { getInputProps } from '@conform-to/react'
import { AppForm, SubmitButton, useAppForm } from '#app/components/form/app-form.tsx'
import { NumberField, TextAreaField, type AnyField } from '#app/components/form/fields.tsx'
import { LineItemsField, type LineItem } from '#app/components/form/line-items.tsx'
import { partLines, pickName } from '#app/components/form/line-rules.ts'
import { PartPicker } from '#app/components/form/part-picker.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'
import { REVIEW_LEVELS, type ReviewLevel } from '#core/enums.ts'
import { ReviewSchema } from '#core/schemas/review.ts'
import { editableNcLevels, HOURS_STEP, levelValues, previousLevelChanges, previousLevelPartChange, type LevelValues } from '#core/service-hours.ts'
import type { ReviewPartLine } from '#db/queries/service-reviews.ts'
import { nextState } from '#workflows/service-review.machine.ts'
import type { LoaderData } from './data.server.ts'

type Fieldset = Record<string, AnyField>

export function ReviewForm({ data }: { data: LoaderData }) {
  const { review, sheet, editable } = data
  const level = review.review_level
  const current = levelValues(sheet.hours, level)
  const newParts = partLines(data.partList)
  const { form, fields, fetcher } = useAppForm(ReviewSchema, {
    id: 'review',
    defaultValue: {
      travel_hours: current.travel,
      labor_hours: current.labor,
      nc_travel: current.ncTravel,
      nc_labor: current.ncLabor,
      comments: review.comments,
      parts: data.parts.map((p) => ({ id: p.id, nc1: p.nc1, nc2: p.nc2, nc3: p.nc3, removed: p[`marked_for_deletion${level}`] })),
      [pickName('new_parts')]: newParts.empty,
    },
  })
  const hydrated = useHydrated()
  // the machine decides which buttons exist (the server decides again on submit)
  const event = { level, reviewerLevels: data.reviewerLevels, values: current }
  const canSave = editable && nextState(sheet.status, { type: 'SAVE', ...event }) !== null
  const canApprove = editable && nextState(sheet.status, { type: 'APPROVE', ...event }) !== null
  const changes = previousLevelChanges(sheet.hours, level) // none at level 1
  const changedHint = (key: keyof LevelValues) => {
    const change = changes.find((c) => c.key === key)
    return change ? `Level ${level - 1} changed this from ${change.from} to ${change.to}.` : undefined
  }
  // The NC hours are capped by the hours typed beside them (with JavaScript; the server checks always).
  const cap = (field: AnyField) => {
    const value = Number(field.value)
    return hydrated && field.value !== '' && Number.isFinite(value) && value >= 0 ? value : undefined
  }
  // a completed review shows its own level's flags only
  const ncColumns = review.status === 'approved' ? REVIEW_LEVELS.filter((l) => l <= level) : REVIEW_LEVELS
  const lines = fields.parts.getFieldList()

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
          <NumberField field={fields.travel_hours} label="Travel hours" min={0} step={HOURS_STEP} hint={changedHint('travel')} />
          <NumberField field={fields.labor_hours} label="Labor hours" min={0} step={HOURS_STEP} hint={changedHint('labor')} />
          <NumberField field={fields.nc_travel} label="NC travel hours" min={0} step={HOURS_STEP} max={cap(fields.travel_hours)} hint={changedHint('ncTravel')} />
          <NumberField field={fields.nc_labor} label="NC labor hours" min={0} step={HOURS_STEP} max={cap(fields.labor_hours)} hint={changedHint('ncLabor')} />
        </div>
        <p className="hint">
          Submitted by the tech: travel {sheet.hours.travel_hours}, labor {sheet.hours.labor_hours}. NC hours cannot be more than the hours beside them.
        </p>
      </fieldset>

      <fieldset disabled={!editable} className="review-form__parts">
        <LineItemsField
          form={form}
          field={fields.new_parts}
          kind={newParts}
          legend="Parts"
          addLabel="Add Part"
          readOnly={!editable}
          renderPicker={(pick, problemOf) => <PartPicker pick={pick} parts={data.partList} problemOf={problemOf} />}
          renderLines={(added) =>
            data.parts.length + added.length === 0 ? (
              <p className="muted">No parts on this sheet.</p>
            ) : (
              <table className="parts-table">
                <thead>
                  <tr>
                    <th scope="col">Part #</th>
                    <th scope="col">Description</th>
                    <th scope="col">Qty</th>
                    {ncColumns.map((l) => (
                      <th key={l} scope="col">
                        NC{l}
                      </th>
                    ))}
                    {editable ? <th scope="col">Remove</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {data.parts.map((line, i) =>
                    lines[i] ? <PartRow key={line.id} line={line} fields={lines[i]!.getFieldset() as Fieldset} level={level} editable={editable} ncColumns={ncColumns} /> : null,
                  )}
                  {added.map((item) => (
                    <NewPartRow key={item.key} item={item} data={data} level={level} ncColumns={ncColumns} />
                  ))}
                </tbody>
              </table>
            )
          }
        />
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

/**
 * A line already on the sheet. Its removal mark is a checkbox drawn as a button ('Remove' /
 * 'Add back'), so it works the same with and without JavaScript; the row shows it (CSS :has).
 */
function PartRow({ line, fields, level, editable, ncColumns }: { line: ReviewPartLine; fields: Fieldset; level: ReviewLevel; editable: boolean; ncColumns: readonly ReviewLevel[] }) {
  const ncEditable = editableNcLevels(level)
  const changed = previousLevelPartChange(line, level) !== null
  return (
    <tr className={changed ? 'changed' : undefined}>
      <td data-label="Part #">
        <span className="parts-table__part">{line.part_number}</span>
        <input type="hidden" name={fields.id!.name} value={line.id} />
        {line.added_at_level > 0 ? <span className="tag">added at level {line.added_at_level}</span> : null}
      </td>
      <td data-label="Description">{line.description || line.part_description}</td>
      <td data-label="Qty">{line.quantity}</td>
      {ncColumns.map((l) => (
        <td key={l} data-label={`NC${l}`}>
          <input {...getInputProps(fields[`nc${l}`]!, { type: 'checkbox' })} key={fields[`nc${l}`]!.key} disabled={!editable || !ncEditable.includes(l)} aria-label={`NC${l} ${line.part_number}`} />
        </td>
      ))}
      {editable ? (
        <td className="parts-table__action">
          <label className="button button-secondary remove-toggle">
            <input {...getInputProps(fields.removed!, { type: 'checkbox' })} key={fields.removed!.key} className="remove-toggle__box" />
            <span className="remove-toggle__off">Remove</span>
            <span className="remove-toggle__on">Add back</span>
            <span className="visually-hidden"> {line.part_number}</span>
          </label>
        </td>
      ) : null}
    </tr>
  )
}

/** A line added in this review, not saved yet: its NC flag is this level's; Remove takes it out. */
function NewPartRow({ item, data, level, ncColumns }: { item: LineItem; data: LoaderData; level: ReviewLevel; ncColumns: readonly ReviewLevel[] }) {
  const { fields } = item
  const part = data.partList.find((p) => String(p.id) === String(fields.part_id!.initialValue))
  const description = String(fields.description!.initialValue ?? '')
  return (
    <tr className="part-new">
      <td data-label="Part #">
        <span className="parts-table__part">{part?.part_number ?? 'Unknown part'}</span>
        {(['part_id', 'quantity', 'description'] as const).map((name) => (
          <input key={name} type="hidden" name={fields[name]!.name} value={String(fields[name]!.initialValue ?? '')} />
        ))}
        <span className="tag">new</span>
      </td>
      <td data-label="Description">{description || part?.description}</td>
      <td data-label="Qty">{String(fields.quantity!.initialValue ?? '')}</td>
      {ncColumns.map((l) => (
        <td key={l} data-label={`NC${l}`}>
          {l === level ? <input {...getInputProps(fields.nc!, { type: 'checkbox' })} key={fields.nc!.key} aria-label={`NC${l} ${part?.part_number ?? 'part'} (new)`} /> : null}
        </td>
      ))}
      <td className="parts-table__action">
        <button {...item.removeButton} className="button button-secondary" aria-label={`Remove ${part?.part_number ?? 'part'} (new)`}>
          Remove
        </button>
      </td>
    </tr>
  )
}
