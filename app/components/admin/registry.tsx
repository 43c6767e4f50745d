// The frame the admin registry's screens share (jobs, parts, trucks, products, applications,
// applicators): the trail under Admin, the list with its Add link and CSV export, and the Edit
// screen's first step. Rows open the edit form and Add shows only to those whom those screens let
// in, so no link leads to a 403. Each screen keeps its own columns, card and form.
import { Link } from '@remix-run/react'
import type { Access } from '#app/access.ts'
import { ListScreen, type ListScreenProps } from '#app/components/list/list-screen.tsx'
import { RecordPicker, type RecordPickerData } from './record-picker.tsx'
import { useMayOpen } from './may-open.ts'

/** A registry as its screens name it: `{ plural: 'Trucks', noun: 'Truck', path: 'truck' }` is /manage-truck, /add-truck and /edit-truck. */
export interface Registry {
  plural: string
  noun: string
  path: string
}

const named = (noun: string): Registry => ({ plural: `${noun}s`, noun, path: noun.toLowerCase() })

export const REGISTRIES = {
  job: named('Job'),
  part: named('Part'),
  truck: named('Truck'),
  product: named('Product'),
  application: named('Application'),
  applicator: named('Applicator'),
}

/** The trail of a registry screen: Admin › the list › Add or Edit the record. */
export function registryHandle({ plural, noun, path }: Registry, step?: 'Add' | 'Edit') {
  const crumbs = [
    { label: 'Admin', to: '/manage' },
    { label: plural, to: `/manage-${path}` },
  ]
  if (step) crumbs.push({ label: `${step} ${noun}`, to: `/${step.toLowerCase()}-${path}` })
  return { crumbs }
}

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No')
export const activeText = (row: { active: boolean }) => (row.active ? 'Active' : 'Inactive')

type RegistryListProps<Row extends { id: number | string }> = Omit<ListScreenProps<Row>, 'title' | 'empty' | 'rowHref' | 'actions' | 'exportTo'> & {
  registry: Registry
  /** the Add and Edit screens' rules: who is shown the Add link, and whose rows open the edit form */
  add: Access
  edit: Access
  /** for those who may not edit, a row opens its read-only modal (/manage-x/{id}) where there is one, else nothing */
  readOnlyModal?: boolean
}

/** A registry's list: Add {noun} for those who may add, a row opens /edit-x/{id}, and /manage-x.csv exports the current filter. */
export function RegistryList<Row extends { id: number | string }>({ registry, add, edit, readOnlyModal = false, ...list }: RegistryListProps<Row>) {
  const { plural, noun, path } = registry
  const mayAdd = useMayOpen(add)
  const mayEdit = useMayOpen(edit)
  const rowHref = (row: Row, search: string) => {
    if (mayEdit) return `/edit-${path}/${row.id}`
    return readOnlyModal ? `/manage-${path}/${row.id}${search}` : null
  }
  const addLink = (
    <Link to={`/add-${path}`} className="button">
      {`Add ${noun}`}
    </Link>
  )
  return <ListScreen {...list} title={plural} empty={`No ${plural.toLowerCase()} available.`} rowHref={rowHref} actions={mayAdd ? addLink : null} exportTo={`/manage-${path}.csv`} />
}

/** The first step of Edit {noun}: a record chosen by name in a GET form, going on to /edit-x/{id}. */
export function RegistryPickerPage({ registry, picker, label }: { registry: Registry; picker: RecordPickerData; label: string }) {
  const { noun, path } = registry
  return (
    <>
      <h1>{`Edit ${noun}`}</h1>
      <div className="form-page">
        <RecordPicker picker={picker} action={`/edit-${path}`} label={label} legend={`Choose ${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun.toLowerCase()}`} />
      </div>
    </>
  )
}
