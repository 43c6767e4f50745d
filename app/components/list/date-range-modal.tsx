// 'Select Date Range' (spec: shared list behaviour): a <dialog open> the server renders when the
// URL has modal=date-range, or when a date in the URL was refused (so its message shows beside it).
// Apply is a GET submit keeping the other list parameters; Cancel is a link back without the modal.
import { Form, Link, useSearchParams } from '@remix-run/react'
import { Modal } from '#app/components/modal.tsx'
import { isIsoDate } from '#core/formats.ts'
import { KeptParams } from './list-toolbar.tsx'
import { DEFAULT_PAGE_SIZE, PARAM, toSearch, type ListParamErrors, type ListState } from '#app/lists/list-params.ts'

export const DATE_RANGE_MODAL = 'date-range'

export interface DateRangeModalProps {
  /** the list's state as the loader read it (`list.state`) */
  state: ListState
  /** the loader's field messages (`list.errors`) */
  errors?: ListParamErrors
  /** force open or closed; by default it follows the URL and the date errors */
  open?: boolean
  idPrefix?: string
}

export function DateRangeModal({ state, errors = {}, open, idPrefix = 'list' }: DateRangeModalProps) {
  const [params] = useSearchParams()
  const dateError = Boolean(errors.start_date || errors.end_date)
  if (!(open ?? (params.get('modal') === DATE_RANGE_MODAL || dateError))) return null
  const id = (name: string) => `${idPrefix}-${name}`
  // show what the person typed when the range was refused (both dates: a reversed range refuses
  // the pair), else the range in force
  const shown = (name: typeof PARAM.startDate | typeof PARAM.endDate, applied: string | null) => {
    const typed = params.get(name) ?? ''
    return dateError && typed !== '' ? typed : (applied ?? '')
  }
  const cancel = toSearch(state)

  return (
    <Modal title="Select Date Range" closeTo={cancel} labelledBy={id('date-range-title')}>
      <Form method="get" className="date-range-form" noValidate>
        <KeptParams state={state} />
        <input type="hidden" name={PARAM.sortBy} value={state.sortBy} />
        <input type="hidden" name={PARAM.order} value={state.order} />
        {state.filterBy ? <input type="hidden" name={PARAM.filterBy} value={state.filterBy} /> : null}
        {state.filterBy ? <input type="hidden" name={PARAM.filterValue} value={state.filterValue} /> : null}
        {state.pageSize !== DEFAULT_PAGE_SIZE ? <input type="hidden" name={PARAM.pageSize} value={state.pageSize} /> : null}
        <DateField id={id('start-date')} name={PARAM.startDate} label="Start date" value={shown(PARAM.startDate, state.startDate)} error={errors.start_date} />
        <DateField id={id('end-date')} name={PARAM.endDate} label="End date" value={shown(PARAM.endDate, state.endDate)} error={errors.end_date} />
        <div className="form-actions">
          <button type="submit" className="button">
            Apply
          </button>
          <Link to={cancel} className="button button-secondary" preventScrollReset>
            Cancel
          </Link>
        </div>
      </Form>
    </Modal>
  )
}

function DateField({ id, name, label, value, error }: { id: string; name: string; label: string; value: string; error?: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {/* a date picker where the browser has one; elsewhere a text box that also takes mm/dd/yyyy */}
      <input
        id={id}
        name={name}
        type={value === '' || isIsoDate(value) ? 'date' : 'text'}
        defaultValue={value}
        placeholder="yyyy-mm-dd"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
