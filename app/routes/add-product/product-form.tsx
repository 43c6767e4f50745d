// The product form of Add Product and Edit Product: the same fields, schema and save. The quantity
// formula (spec §5) reads ppm and the ppm constant, or per and the converter; the label limits are
// what the pre-treat form's dose check and the season ledger read (empty: the label sets none).
import { AppForm, recordDefaults, SubmitRow, useAppForm } from '#app/components/form/app-form.tsx'
import { CheckboxField, NumberField, SelectField, TextField } from '#app/components/form/fields.tsx'
import { PRODUCT_UNITS } from '#core/enums.ts'
import { AMOUNT_STEP, ProductSchema, TOTAL_BASES } from '#core/schemas/product.ts'
import type { ProductRecord } from '#db/queries/products.ts'

const UNIT_LABELS: Record<(typeof PRODUCT_UNITS)[number], string> = { oz: 'oz (ounces)', gal: 'gal (gallons)', other: 'other' }
const BASIS_LABELS: Record<(typeof TOTAL_BASES)[number], string> = { cwt: 'cwt of potatoes', ton: 'ton of potatoes (2,000 lb)' }

export function ProductForm({ product, submissionId }: { product: ProductRecord | null; submissionId: string }) {
  const { form, fields, fetcher } = useAppForm(ProductSchema, {
    id: product ? `product-${product.id}` : 'product-new',
    defaultValue: product ? recordDefaults(product) : { units: 'oz', min_qty: 0, max_total_basis: 'cwt', active: true },
  })
  return (
    <AppForm form={form} fetcher={fetcher} submissionId={submissionId}>
      <div className="form-section">
        <TextField field={fields.product_name} label="Product Name" autoComplete="off" />
        <TextField field={fields.registration} label="EPA Registration Number" autoComplete="off" hint="As on the label, e.g. 5481-433" />
        <TextField field={fields.supplier} label="Supplier" autoComplete="off" hint="Printed on the application record." />
        <SelectField field={fields.units} label="Units" options={PRODUCT_UNITS.map((u) => ({ value: u, label: UNIT_LABELS[u] }))} />
      </div>
      <fieldset className="form-section">
        <legend>Quantity from cwt</legend>
        <p className="hint">cwt × ppm ÷ ppm constant (× 128 in oz), or cwt ÷ per × converter. Give one of the two pairs.</p>
        <NumberField field={fields.ppm} label="PPM" min={0} step={AMOUNT_STEP} />
        <NumberField field={fields.ppm_constant} label="PPM Constant" min={AMOUNT_STEP} step={AMOUNT_STEP} />
        <NumberField field={fields.per} label="Per" min={AMOUNT_STEP} step={AMOUNT_STEP} />
        <NumberField field={fields.converter} label="Converter" min={0} step={AMOUNT_STEP} />
        <NumberField field={fields.min_qty} label="Minimum Quantity" min={0} step={AMOUNT_STEP} hint="A quantity is never below it." />
      </fieldset>
      <fieldset className="form-section">
        <legend>Label limits</legend>
        <NumberField field={fields.max_ppm_per_application} label="Maximum PPM per Application" min={AMOUNT_STEP} step={AMOUNT_STEP} hint="Empty: the label sets none." />
        <NumberField field={fields.max_applications_per_season} label="Maximum Applications per Season" min={1} step={1} hint="Empty: the label sets none." />
        <NumberField
          field={fields.max_total_per_season}
          label="Maximum Total per Season"
          min={AMOUNT_STEP}
          step={AMOUNT_STEP}
          hint="In the product's units, per cwt or per ton below. Empty: the label sets none."
        />
        <SelectField field={fields.max_total_basis} label="Total Counted per" options={TOTAL_BASES.map((b) => ({ value: b, label: BASIS_LABELS[b] }))} />
        <NumberField field={fields.min_days_between} label="Minimum Days between Applications" min={1} step={1} hint="Empty: the label sets none." />
        <NumberField
          field={fields.min_days_before_removal}
          label="Minimum Days before Removal"
          min={1}
          step={1}
          hint="From the last application to the crop leaving the store. Empty: the label sets none."
        />
        <NumberField field={fields.reentry_hours} label="Re-entry Interval (hours)" min={0.25} step={0.25} hint="After the application's stop time. Empty: the label sets none." />
        <CheckboxField field={fields.not_for_seed} label="Not for Seed Potatoes" />
      </fieldset>
      <CheckboxField field={fields.active} label="Active" />
      <SubmitRow fetcher={fetcher} />
    </AppForm>
  )
}
