// A record's photo as its detail shows it (components/record-images.tsx): its name and, from its
// original's EXIF, when and where it was taken (migration 0048, decision 0096).

export interface RecordPhoto {
  id: string
  filename: string
  taken_at: Date | null
  /** numeric text */
  latitude: string | null
  longitude: string | null
}

/** The columns of a record's photo, from `blobs as b`. */
export const RECORD_PHOTO_COLUMNS = ['b.id', 'b.filename', 'b.taken_at', 'b.latitude', 'b.longitude'] as const
