// A form with a FileUpload is not sent while its files are still on their way: the submit is held
// and the field says why, until the uploads are done.
import { useEffect, useRef, type RefObject } from 'react'

export const WAIT_MESSAGE = 'Please wait until the upload has finished.'

export function useHoldWhileUploading(
  inputRef: RefObject<HTMLInputElement | null>,
  busy: boolean,
  { enhanced, onBusyChange, setError }: { enhanced: boolean; onBusyChange?: (busy: boolean) => void; setError: (update: (current: string | null) => string | null) => void },
) {
  const busyRef = useRef(false)
  // set while rendering, not in an effect: a submit can come between the two
  busyRef.current = busy
  useEffect(() => {
    onBusyChange?.(busy)
    if (!busy) setError((current) => (current === WAIT_MESSAGE ? null : current))
  }, [busy, onBusyChange, setError])

  useEffect(() => {
    const form = inputRef.current?.form
    if (!form) return
    const onSubmit = (event: Event) => {
      // a hidden submitter is conform validating a field on blur, not the user sending the form
      if (!busyRef.current || (event as SubmitEvent).submitter?.hidden) return
      event.preventDefault()
      event.stopPropagation()
      setError(() => WAIT_MESSAGE)
    }
    form.addEventListener('submit', onSubmit, true)
    return () => form.removeEventListener('submit', onSubmit, true)
  }, [enhanced, inputRef, setError])
}
