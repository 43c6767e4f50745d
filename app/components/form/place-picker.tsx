// The PlacePicker: choose a customer and then one of its storages, or a job number (which fills
// both). Used by the call form, the sheet form and Select Service Details, and by every later form
// that says where work happens.
//
// The URL holds the choice (?company=Name&storage=ID or ?job=Name), so it works without
// JavaScript: the picker is a GET form with Continue, and the loader resolves the URL through
// place.server.ts (exact names, the call-in machine). With JavaScript the same machine runs here:
// an exact name moves it on at once (a job fills the customer and storage), and the URL follows
// (replaced, not pushed) so the loader sends the customer's storages and whatever the page needs.
//   loader:    picker: await loadPlacePicker(db, placeQuery(url.searchParams))
//   component: const picker = usePlacePicker(data.picker)
//              <PlacePicker picker={picker} />  …  {picker.place ? <TheForm place={picker.place} /> : null}
//   the form:  <PlaceInputs place={place} /> posts the choice
//   (a form reopened from the outbox shows while its choice is refused: useReopenedFromOutbox)
import { Form, Link, useLocation, useNavigate } from '@remix-run/react'
import { useRef, useState, type ReactNode } from 'react'
import { transition, type AnyMachineSnapshot } from 'xstate'
import { callInMachine, type CallInEvent } from '#workflows/call-in.machine.ts'
import { useHydrated } from '../use-hydrated.ts'
import { OUTBOX_PARAM } from '#app/offline/restore-form.ts'
import { usePlaceOnDevice } from './place-on-device.ts'
import { Combobox, useAfterMount } from './combobox-field.tsx'
import type { Place, PlacePickerData, PlaceQuery } from './place.server.ts'

const restore = (machine: PlacePickerData['machine']): AnyMachineSnapshot => callInMachine.resolveState(machine)

export interface PlacePickerOptions {
  /** URL parameters the page keeps beside the choice (e.g. { details: '1' } for a modal) */
  keep?: Record<string, string>
  /** the choice is fixed (a sheet made from a call): shown, not editable */
  readOnly?: boolean
  /** false: a customer and its storage only, no job number (a storage check) */
  withJobs?: boolean
  /** the customer is fixed by the page (a form locked to one company): only its storage is chosen */
  companyFixed?: boolean
  /** the customer field's label (default 'Customer'; a storage check says 'Owner') */
  companyLabel?: string
  /**
   * a field form whose loader resolves exactly the address's choice: with no signal, a choice the
   * page was not served for is resolved on the device (place-on-device.ts)
   */
  onDevice?: boolean
}

export type PlacePickerState = ReturnType<typeof usePlacePicker>

export function usePlacePicker(served: PlacePickerData, options: PlacePickerOptions = {}) {
  const { keep = {}, readOnly = false, withJobs = true, companyFixed = false, companyLabel = 'Customer', onDevice = false } = options
  const navigate = useNavigate()
  const location = useLocation()
  const hydrated = useHydrated()
  // With no signal the page may be a copy kept for another choice: the choice its address names is
  // then resolved on the device (place-on-device.ts)
  const resolvedOnDevice = usePlaceOnDevice(served, location.search, { withJobs, companyFixed, enabled: onDevice && !readOnly })
  const data = resolvedOnDevice ?? served
  const [snapshot, setSnapshot] = useState(() => restore(data.machine))
  const [texts, setTexts] = useState(data.texts)
  // The search this picker asked for itself; any other new URL (Back, Start over, Continue) starts
  // again from what the server resolved.
  // Not on hydration: the Combobox then hands over what was typed before the script loaded.
  const asked = useRef<string | null>(null)
  useAfterMount(() => {
    if (location.search !== asked.current) {
      setSnapshot(restore(data.machine))
      setTexts(data.texts)
    }
    asked.current = null
  }, [location.search]) // only a new URL brings a new choice (not new lists for the same one)
  useAfterMount(() => {
    if (!resolvedOnDevice) return
    setSnapshot(restore(resolvedOnDevice.machine))
    setTexts(resolvedOnDevice.texts)
  }, [resolvedOnDevice])

  const follow = (choice: Partial<PlaceQuery> | null) => {
    // a form reopened from the outbox stays that form (what was typed) while its place is chosen again
    const outbox = new URLSearchParams(location.search).get(OUTBOX_PARAM)
    const search = new URLSearchParams({ ...keep, ...choice, ...(outbox ? { [OUTBOX_PARAM]: outbox } : {}) }).toString()
    asked.current = search ? `?${search}` : ''
    navigate({ search }, { replace: true, preventScrollReset: true })
  }
  const send = (event: CallInEvent) => {
    if (!snapshot.can(event)) return false
    setSnapshot(transition(callInMachine, snapshot, event)[0])
    return true
  }
  const stage = String(snapshot.value)
  const context = snapshot.context as PlacePickerData['machine']['context']

  const chooseCompanyText = (text: string) => {
    setTexts({ company: text, job: '', storage: '' })
    const company = data.companies.find((c) => c.name === text.trim())
    if (company) {
      send({ type: 'CHOOSE_COMPANY', companyId: company.id })
      follow({ company: company.name })
    } else if (stage !== 'empty') {
      send({ type: 'RESET' })
      follow(null)
    }
  }
  const chooseJobText = (text: string) => {
    const job = data.jobs.find((j) => j.name === text.trim())
    setTexts({ company: job?.company_name ?? '', job: text, storage: job ? String(job.storage_id) : '' })
    if (job) {
      send({ type: 'CHOOSE_JOB', jobId: job.id, companyId: job.company_id, storageId: job.storage_id })
      follow({ job: job.name })
    } else if (stage !== 'empty') {
      send({ type: 'RESET' })
      follow(null)
    }
  }
  const chooseStorage = (id: string) => {
    const company = data.companies.find((c) => c.id === context.companyId)
    if (!company) return
    setTexts({ ...texts, storage: id })
    // 'Choose a storage' again: back to the customer's storages
    const moved = id ? send({ type: 'CHOOSE_STORAGE', storageId: Number(id), storageCompanyId: company.id }) : send({ type: 'CHOOSE_COMPANY', companyId: company.id })
    if (moved) follow(id ? { company: company.name, storage: id } : { company: company.name })
  }

  // The storages are the server's, for the customer it resolved; while it answers for a newly chosen
  // customer there are none to show yet.
  const storagesKnown = data.machine.context.companyId === context.companyId
  const job = context.jobId ? data.jobs.find((j) => j.id === context.jobId) : undefined
  const storageName = job?.storage_name ?? data.storages.find((s) => s.id === context.storageId)?.name ?? ''
  // Complete once the server resolved the same choice: a form that depends on it (and on what the
  // loader read for it) never shows, or posts, while the page is still catching up.
  const server = data.place
  const place: Place | null = stage === 'details' && server && server.companyId === context.companyId && server.storageId === context.storageId && server.jobId === context.jobId ? server : null

  return {
    data,
    keep,
    readOnly,
    withJobs,
    companyFixed,
    companyLabel,
    hydrated,
    stage,
    path: context.path,
    texts,
    storages: storagesKnown ? data.storages : null,
    storageName,
    /** the complete choice, as the server resolved it; null until then */
    place,
    /** the choice was resolved on the device (a copy read with no signal), not by this page's loader */
    onDevice: resolvedOnDevice !== null,
    problems: data.problems,
    chooseCompanyText,
    chooseJobText,
    chooseStorage,
  }
}

/**
 * The picker's fields in their own GET form. `children` go inside it (e.g. the call's date above
 * a sheet made from a call). The storage of a job is shown, not chosen.
 */
export function PlacePicker({ picker, hint = 'Choose a customer, or a job number (it fills the customer and storage).', children }: { picker: PlacePickerState; hint?: string; children?: ReactNode }) {
  const { data, hydrated, readOnly, stage, path, texts, problems } = picker
  const { pathname } = useLocation()
  const staged = stage !== 'empty' || Boolean(texts.company || texts.job)
  const legend = picker.withJobs ? 'Customer or job' : `${picker.companyLabel} and storage`
  // With JavaScript an exact name goes on by itself; until something is chosen, Continue stays for
  // any other text (and for one typed before the script loaded).
  const continues = !readOnly && (!hydrated || stage === 'empty')
  return (
    <Form method="get" className="form place-picker" aria-label={legend} preventScrollReset>
      <fieldset className="stage">
        <legend>{legend}</legend>
        {Object.entries(picker.keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
        <Combobox
          id="company"
          label={picker.companyLabel}
          name={readOnly || picker.companyFixed ? undefined : 'company'}
          options={data.companies.map((c) => ({ id: c.id, value: c.name }))}
          value={texts.company}
          readOnly={readOnly || picker.companyFixed || path === 'job'}
          onChange={picker.chooseCompanyText}
          problem={problems.company}
          hint={picker.withJobs || staged || readOnly ? undefined : hint}
        />
        {picker.withJobs ? (
          <Combobox
            id="job"
            label="Job Number"
            name={readOnly ? undefined : 'job'}
            options={data.jobs.map((j) => ({ id: j.id, value: j.name, detail: `${j.company_name} · ${j.storage_name}` }))}
            value={texts.job}
            readOnly={readOnly}
            onChange={picker.chooseJobText}
            problem={problems.job}
            hint={staged || readOnly ? undefined : hint}
          />
        ) : null}
        {path === 'job' || readOnly ? (
          <div className="field">
            <label htmlFor="place-storage">Storage</label>
            <input id="place-storage" readOnly value={picker.storageName} />
          </div>
        ) : path === 'company' && picker.storages ? (
          picker.storages.length === 0 ? (
            <p className="muted">No storage data available</p>
          ) : (
            <StorageSelect storages={picker.storages} value={texts.storage} onChange={picker.chooseStorage} problem={problems.storage} />
          )
        ) : null}
        {staged || continues ? (
          <div className="form-actions">
            {continues ? (
              <button type="submit" className="button button-secondary">
                Continue
              </button>
            ) : null}
            {staged ? (
              <Link to={{ pathname, search: new URLSearchParams(picker.keep).toString() }} className="button button-secondary" replace preventScrollReset>
                Start over
              </Link>
            ) : null}
          </div>
        ) : null}
      </fieldset>
    </Form>
  )
}

/**
 * The complete choice as its form posts it (company_id, storage_id, job_id), with the messages
 * about it (`errors`: the server's, or the form's own check). None while there is none (a form
 * reopened from the outbox while its choice is refused): the picker above says what to choose, and
 * the form's 'Not sent: …' why; the form's own check would say it a third time.
 */
export function PlaceInputs({ place, errors = [] }: { place: Place | null; errors?: readonly string[] }) {
  if (!place) return null
  return (
    <>
      <input type="hidden" name="company_id" value={place.companyId} />
      <input type="hidden" name="storage_id" value={place.storageId} />
      {place.jobId ? <input type="hidden" name="job_id" value={place.jobId} /> : null}
      <PlaceErrors errors={errors} />
    </>
  )
}

/** The place's refusals (its company, storage or job), in one notice above the form's fields. */
export function PlaceErrors({ errors }: { errors: readonly string[] }) {
  if (errors.length === 0) return null
  return (
    <p className="notice notice-error" role="alert">
      {errors.join(' ')}
    </p>
  )
}

/** One customer's storages ('Choose a storage' first), with the server's message. */
export function StorageSelect({ storages, value, onChange, problem }: { storages: readonly { id: number; name: string }[]; value: string; onChange: (storageId: string) => void; problem?: string }) {
  return (
    <div className="field">
      <label htmlFor="storage">Storage</label>
      <select id="storage" name="storage" value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={problem ? true : undefined} aria-describedby={problem ? 'storage-problem' : undefined}>
        <option value="">Choose a storage</option>
        {storages.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      {problem ? (
        <p className="field-error" id="storage-problem">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
