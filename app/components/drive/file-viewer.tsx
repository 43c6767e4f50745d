// The drive's viewer for its one opened row.
// STUB — implemented by the viewer work (issue 9).
import type { OpenedFile } from '#app/drive-viewer.server.ts'

export interface FileViewerProps {
  file: OpenedFile
  /** where Close goes (the drive's URL without `open`) */
  closeHref: string
}

export function FileViewer({ file }: FileViewerProps) {
  return <p>{file.name}</p>
}
