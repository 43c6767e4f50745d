// The author's answer to a service sheet sent back to them (decision 0069): its hours and call
// description as fixed, submitted again for review. A plain form (works without JavaScript); the
// server checks it with the same schema (core/schemas/notices.ts) and its messages show by the fields.
import { Form, useActionData } from '@remix-run/react'
import { CsrfInput } from '#app/components/csrf.tsx'

interface Fix {
  version: number
  travel_hours: string
  labor_hours: string
  description: string
  submissionId: string
}

type Reply = { error?: Record<string, string[] | null> | null } | undefined

export function ResubmitSheetForm({ fix }: { fix: Fix }) {
  const reply = useActionData() as Reply
  const error = (name: string) => reply?.error?.[name]?.[0] ?? null
  const field = (name: 'travel_hours' | 'labor_hours', label: string) => (
    <div className="field">
      <label htmlFor={`fix-${name}`}>{label}</label>
      <input
        id={`fix-${name}`}
        name={name}
        type="number"
        inputMode="decimal"
        min={0}
        step={0.25}
        required
        defaultValue={fix[name]}
        aria-invalid={error(name) ? true : undefined}
        aria-describedby={error(name) ? `fix-${name}-error` : undefined}
      />
      {error(name) ? (
        <p className="field-error" id={`fix-${name}-error`}>
          {error(name)}
        </p>
      ) : null}
    </div>
  )
  return (
    <Form method="post" className="form resubmit-sheet" aria-labelledby="resubmit-heading">
      <h2 id="resubmit-heading">Fix and submit again</h2>
      {error('') ? (
        <p className="notice notice-error" role="alert">
          {error('')}
        </p>
      ) : null}
      <CsrfInput />
      <input type="hidden" name="submission_id" value={fix.submissionId} />
      <input type="hidden" name="version" value={fix.version} />
      {field('travel_hours', 'Travel hours')}
      {field('labor_hours', 'Labor hours')}
      <div className="field">
        <label htmlFor="fix-description">Call Description</label>
        <textarea id="fix-description" name="description" required maxLength={4000} defaultValue={fix.description} aria-invalid={error('description') ? true : undefined} />
        {error('description') ? <p className="field-error">{error('description')}</p> : null}
      </div>
      <button type="submit" className="button">
        Submit again
      </button>
    </Form>
  )
}
