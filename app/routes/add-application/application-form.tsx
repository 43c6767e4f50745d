// The application form of Add Application and Edit Application: name, base price (4 decimals) and
// its chemicals in order (a LineItemsField, the sheet form's parts picker's way: Add and Remove work
// without JavaScript too). Unchecking Active deactivates it.
import { AppForm, SubmitRow, useAppForm } from '#app/components/form/app-form.tsx'
import { ComboboxField } from '#app/components/form/combobox-field.tsx'
import { CheckboxField, NumberField, TextField, type AnyField } from '#app/components/form/fields.tsx'
import { LineItemsField } from '#app/components/form/line-items.tsx'
import { pickName } from '#app/components/form/line-rules.ts'
import { AMOUNT_STEP, ApplicationSchema } from '#core/schemas/product.ts'
import type { ApplicationRecord } from '#db/queries/products.ts'
import { chemicalLines, type ChemicalOption } from './chemical-lines.ts'

export function ApplicationForm({ application, products, submissionId }: { application: ApplicationRecord | null; products: readonly ChemicalOption[]; submissionId: string }) {
  const { form, fields, fetcher } = useAppForm(ApplicationSchema, {
    id: application ? `application-${application.id}` : 'application-new',
    defaultValue: {
      ...(application ?? { base_price: '0', active: true, products: [] }),
      [pickName('products')]: { product: '' },
    },
  })
  const chosen = fields.products.getFieldList().map((line) => String(line.getFieldset().product_id.initialValue ?? ''))
  const kind = chemicalLines(products, chosen)
  const active = products.filter((p) => p.active)
  const nameOf = (id: unknown) => products.find((p) => String(p.id) === String(id ?? ''))

  return (
    <AppForm form={form} fetcher={fetcher} submissionId={submissionId}>
      {/* The first submit button is the one Enter presses: Submit, not Add Chemical or Remove. */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <div className="form-section">
        <TextField field={fields.name} label="Application Name" autoComplete="off" />
        <NumberField field={fields.base_price} label="Base Price" min={0} step={AMOUNT_STEP} hint="Per cwt, up to 4 decimals." />
      </div>
      <LineItemsField
        form={form}
        field={fields.products}
        kind={kind}
        legend="Chemicals"
        addLabel="Add Chemical"
        renderPicker={(pick: Record<string, AnyField>, problemOf) => (
          <ComboboxField
            field={pick.product!}
            label="Product"
            options={active.map((p) => ({ id: p.id, value: p.product_name, detail: p.units }))}
            hint="Choose a product from the products list."
            problem={problemOf('product')}
          />
        )}
        renderLines={(lines) =>
          lines.length === 0 ? (
            <p className="muted">No chemicals added.</p>
          ) : (
            <ol className="parts-lines" aria-label="Chemicals of this application">
              {lines.map(({ key, index, fields: line, removeButton }) => {
                const product = nameOf(line.product_id!.initialValue)
                const name = product?.product_name ?? 'Unknown product'
                return (
                  <li key={key} className="parts-lines__line">
                    <input type="hidden" name={line.product_id!.name} value={String(line.product_id!.initialValue ?? '')} />
                    <span className="parts-lines__part">
                      <strong>{name}</strong> {product ? `(${product.units}${product.active ? '' : ', inactive'})` : null}
                    </span>
                    <button {...removeButton} className="button button-secondary" aria-label={`Remove ${name} (line ${index + 1})`}>
                      Remove
                    </button>
                  </li>
                )
              })}
            </ol>
          )
        }
      />
      <CheckboxField field={fields.active} label="Active" />
      <SubmitRow fetcher={fetcher} />
    </AppForm>
  )
}
