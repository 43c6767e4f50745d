// The pre-treat form's two admin-kept lists: 19 destinations (the spec's "19 fixed customer
// names", not given there: plausible Idaho processors and packers, none of them real companies)
// and its 3 pre-written restart instructions. Safe to run again (stable submission ids).
import type { Executor } from '#db/client.server.ts'
import { demoUuid } from './helpers.ts'

const DESTINATIONS = [
  'Snake River Fry Co.',
  'Magic Valley Processing',
  'Teton Fresh Pack',
  'Gem State Dehydrated Foods',
  'American Falls Frozen Foods',
  'Aberdeen Potato Packers',
  'Rigby Russet Shippers',
  'Blackfoot Valley Growers Co-op',
  'Twin Falls Flake Mill',
  'Burley Frozen Specialties',
  'Shelley Fresh Potato Co.',
  'Idaho Falls Seed & Table',
  'Rupert Chip Works',
  'Upper Valley Packing',
  'Heyburn Hash Brown Plant',
  'Minidoka Fresh Shed',
  'St. Anthony Sand Hills Packing',
  'Ashton Seed Potato Exchange',
  'Ririe Table Stock Partners',
]

const MESSAGES = [
  'Restart the fans at 50% speed for 2 hours, then return to the normal schedule. Keep the fresh air doors closed for 24 hours after the application.',
  'Turn the humidifiers back on 12 hours after the application and check that the pile temperature holds within 1 °F of the set point.',
  'Remove the plastic from the fresh air doors and the fan house before restarting. Call the office if the storage smells of fog after 48 hours.',
]

/** Returns how many rows each list gained. */
export async function seedDemoRegistry(db: Executor): Promise<{ destinations: number; pretreat_messages: number }> {
  const destinations = await db
    .insertInto('destinations')
    .values(DESTINATIONS.map((name, i) => ({ submission_id: demoUuid(`destination:${name}`), name, position: i + 1 })))
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute()
  const messages = await db
    .insertInto('pretreat_messages')
    .values(MESSAGES.map((text, i) => ({ submission_id: demoUuid(`pretreat-message:${i}`), text, position: i + 1 })))
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute()
  return { destinations: destinations.length, pretreat_messages: messages.length }
}
