// The company step of the contacts screens (Add Contact, Edit Grower, the Customer Notes Form, the
// company views): a text field with the growers as suggestions, in a GET form, so the choice is in
// the URL and it works without JavaScript (Continue sends ?company=Name; the loader resolves the
// exact name through company-picker.server.ts). With JavaScript, typing or picking an exact name
// goes on at once (also a name typed before the script loaded), and Continue stays for the rest.
//   loader:    picker: await loadCompanyPicker(db, url, { activeOnly })   → { companies, text, company, problem }
//   component: <CompanyPicker picker={data.picker} action="/add-contact" />
import { Form, Outlet, useNavigate } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Combobox, useServerText } from './combobox-field.tsx'
import { ContinueRow } from './fields.tsx'
import type { CompanyPickerData } from './company-picker.server.ts'

export function CompanyPicker({
  picker,
  action,
  label = 'Company',
  legend = 'Choose a company',
  hrefOf = (company) => `${action}?${new URLSearchParams({ company: company.name })}`,
}: {
  picker: CompanyPickerData
  /** the page the choice is sent to (as ?company=Name) */
  action: string
  label?: string
  legend?: string
  /** where an exact name leads with JavaScript (default: the same as Continue) */
  hrefOf?: (company: { id: number; name: string }) => string
}) {
  const navigate = useNavigate()
  // a new page (a chosen name, shown as the list spells it; a breadcrumb back to the bare step) says what the field holds
  const [text, setText] = useServerText(picker.text)
  const choose = (value: string) => {
    setText(value)
    const wanted = value.trim().toLowerCase()
    const company = picker.companies.find((c) => c.name.toLowerCase() === wanted)
    if (company && company.id !== picker.company?.id) navigate(hrefOf(company))
  }
  return (
    <PickerForm action={action} legend={legend}>
      <Combobox
        id="company"
        label={label}
        name="company"
        options={picker.companies.map((c) => ({ id: c.id, value: c.name }))}
        value={text}
        onChange={choose}
        problem={picker.problem}
        hint={picker.company ? undefined : 'Type a name from the list.'}
      />
    </PickerForm>
  )
}

/**
 * A picker step's GET form (this one's and the RecordPicker's): the name field under its legend, and
 * Continue. With JavaScript an exact name goes on by itself; Continue stays for any other text (and
 * for a name typed before the script loaded), answered by the server's message.
 */
export function PickerForm({ action, legend, children }: { action: string; legend: string; children: ReactNode }) {
  return (
    <Form method="get" action={action} className="form company-picker" aria-label={legend}>
      <fieldset className="stage">
        <legend>{legend}</legend>
        {children}
        <ContinueRow />
      </fieldset>
    </Form>
  )
}

/**
 * The page of a route whose company is in its path: the company step at the bare path, the
 * company's page (the child route) under it.
 */
export function CompanyStep({ picker, title, path }: { picker: CompanyPickerData | null; title: string; path: string }) {
  if (!picker) return <Outlet />
  return (
    <>
      <h1>{title}</h1>
      <div className="form-page">
        <CompanyPicker picker={picker} action={path} hrefOf={(c) => `${path}/${c.id}`} />
      </div>
    </>
  )
}
