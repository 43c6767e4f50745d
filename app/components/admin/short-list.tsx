// A short list's admin screen (destinations, pre-written messages): every row in its order, each
// its own POST form with its text and buttons (Save, Move up, Move down, Deactivate or Activate),
// and an Add form below. Plain forms, so it all works without JavaScript; with it, Remix posts
// them in place. Those who may only see the list get the list without forms.
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { CsrfInput } from '#app/components/csrf.tsx'
import { FlashNotice } from '#app/components/form/flash-notice.tsx'
import type { Access } from '#app/access.ts'
import type { ShortListRow } from '#db/queries/short-lists.ts'
import { useMayOpen } from './may-open.ts'
import type { ShortListProblem } from './short-list.server.ts'

interface Texts {
  title: string
  /** one row's name: 'Destination', 'Message' */
  label: string
  empty: string
  intro: string
}

export function ShortListScreen({ texts, change, multiLine = false }: { texts: Texts; change: Access; multiLine?: boolean }) {
  const { rows, submissionId } = useLoaderData<{ rows: ShortListRow[]; submissionId: string }>()
  const problem = useActionData<{ problem?: ShortListProblem }>()?.problem
  const mayChange = useMayOpen(change)
  const busy = useNavigation().state === 'submitting'
  const problemOf = (row: string) => (problem && problem.row === row ? problem : undefined)
  return (
    <>
      <FlashNotice />
      <h1>{texts.title}</h1>
      <p className="muted">{texts.intro}</p>
      {problem && problem.row === '' ? (
        <p className="notice notice-error" role="alert">
          {problem.message}
        </p>
      ) : null}
      {rows.length === 0 ? <p className="muted">{texts.empty}</p> : null}
      <ol className="short-list" aria-label={texts.title}>
        {rows.map((row, i) => {
          const rowProblem = problemOf(String(row.id))
          const name = `${texts.label} ${i + 1}`
          return (
            <li key={`${row.id}:${row.text}:${row.active}`} className={row.active ? 'short-list-row' : 'short-list-row is-inactive'}>
              {mayChange ? (
                <Form method="post" className="short-list-form" aria-label={name} preventScrollReset>
                  <CsrfInput />
                  <TextInput name={name} id={`row-${row.id}`} defaultValue={rowProblem?.text ?? row.text} problem={rowProblem?.message} multiLine={multiLine} />
                  {row.active ? null : <span className="short-list-inactive">Inactive</span>}
                  <div className="form-actions">
                    <button type="submit" name="intent" value={`save:${row.id}`} className="button" disabled={busy}>
                      Save
                    </button>
                    <button type="submit" name="intent" value={`up:${row.id}`} className="button button-secondary" disabled={busy || i === 0} aria-label={`Move ${name} up`}>
                      Up
                    </button>
                    <button type="submit" name="intent" value={`down:${row.id}`} className="button button-secondary" disabled={busy || i === rows.length - 1} aria-label={`Move ${name} down`}>
                      Down
                    </button>
                    <button type="submit" name="intent" value={`${row.active ? 'deactivate' : 'activate'}:${row.id}`} className="button button-secondary" disabled={busy}>
                      {row.active ? 'Deactivate' : 'Activate'}
                    </button>
                  </div>
                </Form>
              ) : (
                <p>
                  {row.text} {row.active ? null : <span className="short-list-inactive">Inactive</span>}
                </p>
              )}
            </li>
          )
        })}
      </ol>
      {mayChange ? (
        <Form method="post" className="form short-list-add" aria-label={`Add a ${texts.label.toLowerCase()}`} preventScrollReset key={submissionId}>
          <CsrfInput />
          <input type="hidden" name="submission_id" value={submissionId} />
          <TextInput name={`New ${texts.label.toLowerCase()}`} id="row-new" defaultValue={problemOf('add')?.text ?? ''} problem={problemOf('add')?.message} multiLine={multiLine} showLabel />
          <div className="form-actions">
            <button type="submit" name="intent" value="add" className="button" disabled={busy}>
              Add
            </button>
          </div>
        </Form>
      ) : null}
    </>
  )
}

function TextInput({ name, id, defaultValue, problem, multiLine, showLabel = false }: { name: string; id: string; defaultValue: string; problem?: string; multiLine: boolean; showLabel?: boolean }) {
  const aria = { 'aria-invalid': problem ? true : undefined, 'aria-describedby': problem ? `${id}-problem` : undefined }
  return (
    <div className="field">
      <label htmlFor={id} className={showLabel ? undefined : 'visually-hidden'}>
        {name}
      </label>
      {multiLine ? (
        <textarea id={id} name="text" defaultValue={defaultValue} required maxLength={1000} rows={2} {...aria} />
      ) : (
        <input id={id} name="text" defaultValue={defaultValue} required maxLength={100} autoComplete="off" {...aria} />
      )}
      {problem ? (
        <p className="field-error" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  )
}
