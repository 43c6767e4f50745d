// A field form's photos (receipt, storage, storage check, service sheet): the uploader, images only,
// the back camera on phones, and the images field's message under it.
import { FileUpload, type FileUploadProps } from '#app/components/upload/file-upload.tsx'
import type { AnyField } from './fields.tsx'

type ImagesFieldProps = Pick<FileUploadProps, 'area' | 'csrfToken' | 'label' | 'initialIds' | 'hint'> & {
  field: AnyField
  className?: string
}

export function ImagesField({ field, className, ...upload }: ImagesFieldProps) {
  return (
    <div className={className}>
      <FileUpload name="images" accept="image/*" capture="environment" {...upload} />
      {field.errors ? (
        <p className="field-error" role="alert" id={field.errorId}>
          {field.errors.join(' ')}
        </p>
      ) : null}
    </div>
  )
}
