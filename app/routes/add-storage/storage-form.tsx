// The storage form of Add Storage and Edit Storage: the same fields, schema and save. Edit adds the
// storage's id, the version it read, and its current images (each kept unless unticked).
import { getInputProps } from '@conform-to/react'
import { useCsrfToken } from '#app/components/csrf.tsx'
import { AppForm, SubmitRow, useAppForm } from '#app/components/form/app-form.tsx'
import { ComboboxField } from '#app/components/form/combobox-field.tsx'
import { CheckboxField, NumberField, SelectField, TextAreaField, TextField } from '#app/components/form/fields.tsx'
import { ImagesField } from '#app/components/form/images-field.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'
import { imageUrl } from '#app/components/upload/image-url.ts'
import { DOOR_TYPES, STORAGE_TYPES } from '#core/enums.ts'
import { COUNT_MAX, SIZE_BOUNDS, StorageSchema } from '#core/schemas/storage.ts'
import type { NamedOption } from '#db/queries/registry.ts'
import type { StorageRecord } from '#db/queries/storages.ts'

/** Where a saved storage leads (with its owner chosen), and where a storage that cannot be read sends the user back. */
export const AFTER_STORAGE_SAVE = '/manage-storage'

export interface StorageFormProps {
  storage: StorageRecord | null
  companies: NamedOption[]
  today: string
  submissionId: string
  /** new images already uploaded (a refused form shown again) */
  imageIds: string[]
  /** Add Storage opened for a grower (?company=Name) */
  owner?: string
}

export function StorageForm({ storage, companies, today, submissionId, imageIds, owner = '' }: StorageFormProps) {
  const { form, fields, fetcher } = useAppForm(StorageSchema, {
    // a new form for each storage
    id: storage ? `storage-${storage.id}` : 'storage-new',
    defaultValue: storage
      ? { ...storage, storage_id: storage.id, planned_removal: storage.planned_removal ?? undefined, images: [], kept_images: storage.images.map((i) => i.id) }
      : { owner, service_start: today, active: true },
  })
  const csrfToken = useCsrfToken()
  // with JavaScript the grower is greyed out while the owner is the grower (without it, the server
  // ignores the grower then, so the field stays usable for unticking)
  const ownerIsGrower = useHydrated() && fields.owner_is_grower.value === 'on'
  const options = companies.map((c) => ({ id: c.id, value: c.name }))
  const size = { min: SIZE_BOUNDS.min, max: SIZE_BOUNDS.max, step: SIZE_BOUNDS.step }
  const formErrors = [fields.storage_id, fields.kept_images].flatMap((f) => f.errors ?? [])
  return (
    <AppForm form={form} fetcher={fetcher} submissionId={submissionId} encType="multipart/form-data" className="form storage-form">
      {storage ? (
        <>
          <input type="hidden" name="storage_id" value={storage.id} />
          {/* the version this form was read at, kept through a refused save (not the page's newer
              one), so a save over someone else's stays refused until the page is read again */}
          <input {...getInputProps(fields.version, { type: 'hidden' })} key={fields.version.key} />
        </>
      ) : null}
      {formErrors.length > 0 ? (
        <p className="notice notice-error" role="alert">
          {formErrors.join(' ')}
        </p>
      ) : null}
      <fieldset className="form-section">
        <legend>Owner and grower</legend>
        <ComboboxField field={fields.owner} label="Owner Company" options={options} hint="Type a name from the list." />
        <CheckboxField field={fields.owner_is_grower} label="The owner is the grower" />
        <ComboboxField field={fields.grower} label="Grower" options={options} hint="Required unless the owner is the grower." disabled={ownerIsGrower} />
      </fieldset>
      <fieldset className="form-section">
        <legend>Storage</legend>
        <TextField field={fields.name} label="Name" autoComplete="off" />
        <TextField field={fields.address} label="Address" autoComplete="off" hint="Optional" />
        <TextField field={fields.gps} label="GPS Coordinates" autoComplete="off" inputMode="decimal" hint="Latitude, longitude, e.g. 43.615, -116.202" />
        <SelectField field={fields.type} label="Type" options={STORAGE_TYPES} placeholder="Choose…" />
        <TextField field={fields.service_start} label="Service Start" type="date" />
      </fieldset>
      <fieldset className="form-section">
        <legend>Doors and ducts</legend>
        <SelectField field={fields.door_type} label="Door Type" options={DOOR_TYPES} placeholder="Choose…" />
        <NumberField field={fields.door_count} label="Door Count" min={0} max={COUNT_MAX} step={1} />
        <NumberField field={fields.duct_count} label="Duct Count" min={0} max={COUNT_MAX} step={1} />
        <NumberField field={fields.duct_size_inches} label="Duct Size (inches)" {...size} />
        <NumberField field={fields.duct_spacing_inches} label="Duct Spacing (inches)" {...size} />
      </fieldset>
      <fieldset className="form-section">
        <legend>Dimensions</legend>
        <NumberField field={fields.length_feet} label="Length (feet)" {...size} hint="Optional" />
        <NumberField field={fields.width_feet} label="Width (feet)" {...size} hint="Optional" />
      </fieldset>
      <div className="form-section">
        <CheckboxField field={fields.double_bay} label="Double Bay" />
        <CheckboxField field={fields.bill_to_grower} label="Bill to Grower" />
        <CheckboxField field={fields.active} label="Active" />
      </div>
      <fieldset className="form-section">
        <legend>This season's crop</legend>
        <CheckboxField field={fields.seed} label="Seed Potatoes" />
        <TextField
          field={fields.planned_removal}
          label="Planned Removal"
          type="date"
          hint="Optional: when the crop is to leave the store. The season ledger checks the labels' days before removal against it."
        />
      </fieldset>
      <TextAreaField field={fields.notes} label="Notes" />
      <TextAreaField field={fields.pretreat_notes} label="Pre-Treat Notes" hint="Optional: what an applicator should know before treating this storage." />
      {storage && storage.images.length > 0 ? (
        <fieldset className="form-section">
          <legend>Current Images</legend>
          <p className="muted">Untick an image to remove it from the storage.</p>
          <ul className="file-upload__thumbs" style={{ display: 'flex', flexWrap: 'wrap', gap: 12, listStyle: 'none', padding: 0 }}>
            {storage.images.map((image, i) => (
              <li key={image.id}>
                <label className="checkbox">
                  <input type="checkbox" name="kept_images" value={image.id} defaultChecked />
                  <img src={imageUrl(image.id)} alt={image.filename} width={64} height={64} style={{ objectFit: 'cover', borderRadius: 6 }} />
                  Keep image {i + 1}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <ImagesField field={fields.images} area="storages" csrfToken={csrfToken} label={storage ? 'Add Images' : 'Images'} initialIds={imageIds} hint="Photos of the storage (image files only)." />
      <SubmitRow fetcher={fetcher} />
    </AppForm>
  )
}
