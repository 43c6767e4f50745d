// A storage's GPS coordinates as a link to a maps service (spec: "GPS (a link to a maps service)",
// "A GPS map link is shown"). The link reads as the coordinates themselves, so that it says the
// same on paper (the PDFs print it) as on a screen.

/** `gps` as formatGps writes it: '43.380000, -112.120000'. */
export function GpsLink({ gps }: { gps: string }) {
  // digits, signs, points and the comma are all a coordinate pair holds
  return (
    <a href={`https://www.google.com/maps?q=${gps.replace(/[^\d.,-]/g, '')}`} target="_blank" rel="noopener noreferrer">
      {gps}
    </a>
  )
}
