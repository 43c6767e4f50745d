// Demo data for a potato-storage services company in southeast Idaho: growers with storages,
// jobs, trucks, parts, chemicals, contacts, call-ins and storage checks, and one user per role.
//
// Idempotent: every row has a natural key (name, number, username) or a submission_id derived
// from a fixed key, and is inserted with ON CONFLICT DO NOTHING, so a second run adds nothing.
// Dates are relative to the day of the first run (call-ins over the last 4 months).
//
// Service sheets are made through their workflow, after the rest (demo-sheets.ts). Receipts and
// pre-treats are left to theirs: seeding them here would have to repeat rules that live there.
import { sql } from 'kysely'
import type { Permission } from '#core/permissions.ts'
import { hashPassword } from '#core/password.server.ts'
import { createUser } from '#db/queries/users.ts'
import { syncPermissions } from '#db/seeds/permissions.ts'
import { daysAgo, demoUuid, prng } from './helpers.ts'
import { seedDemoSheets } from './sheets.ts'
import { seedDemoDrive } from './drive.ts'
import { seedDemoStorages } from './storages.ts'
import { seedDemoRegistry } from './registry.ts'
import { seedDemoProducts } from './products.ts'
import { seedDemoGroups } from './users-admin.ts'
import { seedDemoStorageHistory } from './storage-history.ts'
import { seedDemoPretreats } from './pretreats.ts'
import { keepApplicationRecord } from '#workflows/application-record.server.ts'
import type { BlobStore } from '#storage/blob-store.ts'
import type { FillStatus, Variety } from '#core/enums.ts'
import type { Executor } from '#db/client.server.ts'

export const DEMO_PASSWORD = 'demo-pass-1'
export const SERVICE_COMPANY_NAME = 'Keystone Storage Services'

interface DemoUser {
  username: string
  role: string
  firstName: string
  lastName: string
  isStaff?: boolean
  isSuperuser?: boolean
  permissions: Permission[]
  applicator?: { license: string }
}

const DEMO_USERS: readonly DemoUser[] = [
  { username: 'admin', role: 'Administrator (superuser and staff): every screen', firstName: 'Dana', lastName: 'Whitaker', isStaff: true, isSuperuser: true, permissions: [] },
  {
    username: 'tech',
    role: 'Technician: call-ins, service sheets, receipts, storage checks; a pre-treat sheet assigned',
    firstName: 'Luis',
    lastName: 'Ortega',
    permissions: [
      'api.add_callin',
      'api.view_callin',
      'api.add_servicesheet',
      'api.view_servicesheet',
      'api.add_receipt',
      'api.view_receipt',
      'api.add_storagecheck',
      'api.view_storagecheck',
      'api.view_storage',
      'api.view_pretreat',
    ],
  },
  { username: 'reviewer1', role: 'Service sheet reviewer, level 1', firstName: 'Megan', lastName: 'Haws', permissions: ['api.can_review_1', 'api.view_servicesheet', 'api.view_callin'] },
  { username: 'reviewer2', role: 'Service sheet reviewer, level 2', firstName: 'Travis', lastName: 'Nielsen', permissions: ['api.can_review_2', 'api.view_servicesheet', 'api.view_callin'] },
  {
    username: 'reviewer3',
    role: 'Service sheet reviewer, level 3 (and Completed Reviews)',
    firstName: 'Carol',
    lastName: 'Jensen',
    permissions: ['api.can_review_3', 'api.view_servicesheet', 'api.view_callin'],
  },
  {
    username: 'office',
    role: 'Office: growers, contacts, interactions, auditing drive, receipts',
    firstName: 'Jill',
    lastName: 'Baird',
    isStaff: true,
    permissions: [
      'api.add_customer',
      'api.view_customer',
      'api.view_customerinteraction',
      'api.add_s3bucket',
      'api.view_s3bucket',
      'api.delete_s3bucket',
      'api.s3_admin',
      'api.view_receipt',
      'api.view_storage',
      'api.add_company',
      'api.change_company',
      'api.add_contact',
      // issue 24: the office corrects any receipt and customer note (decision 0067)
      'api.change_receipt',
      'api.change_customerinteraction',
    ],
  },
  {
    username: 'assigner',
    role: 'Pre-treat assigner: creates, stages and assigns pre-treats',
    firstName: 'Ray',
    lastName: 'Kunz',
    permissions: ['api.pretreat_assigner', 'api.add_pretreat', 'api.view_pretreat', 'api.view_storage'],
  },
  {
    username: 'applicator',
    role: 'Licensed applicator: pre-treat application sheets',
    firstName: 'Cody',
    lastName: 'Hansen',
    permissions: ['api.view_pretreat'],
    applicator: { license: 'ID-PA-118734' },
  },
  {
    username: 'ptreview1',
    role: 'Pre-treat reviewer, level 1: checks and corrects submitted sheets',
    firstName: 'Erin',
    lastName: 'Call',
    permissions: ['api.pretreat_reviewer1', 'api.view_pretreat'],
  },
  {
    username: 'ptreview2',
    role: 'Pre-treat reviewer, level 2: prices and completes pre-treats; PDFs and application records',
    firstName: 'Lyle',
    lastName: 'Bingham',
    permissions: ['api.pretreat_reviewer2', 'api.view_pretreat'],
  },
  { username: 'viewer', role: 'Read-only: pending call-ins', firstName: 'Pat', lastName: 'Gomez', permissions: ['api.view_callin'] },
]

export interface DemoLogin {
  username: string
  role: string
}
/** For the start banner and the README; every password is DEMO_PASSWORD. */
export const DEMO_LOGINS: readonly DemoLogin[] = DEMO_USERS.map(({ username, role }) => ({ username, role }))

/** The permissions each demo user is given (admin holds all as superuser). */
export const DEMO_PERMISSIONS: Readonly<Record<string, readonly Permission[]>> = Object.fromEntries(DEMO_USERS.map((u) => [u.username, u.permissions]))

// ---- the data -------------------------------------------------------------------------------

interface GrowerSeed {
  name: string
  city: string
  zip: string
  lat: number
  lng: number
  website: string
  qb: string
  since: string
  notes: string
  storages: string[]
  contacts: [string, string, string][] // name, role, e-mail local part
}

const GROWERS: readonly GrowerSeed[] = [
  {
    name: 'Snake River Farms',
    city: 'Blackfoot',
    zip: '83221',
    lat: 43.1905,
    lng: -112.345,
    website: 'https://snakeriverfarms.example',
    qb: '80000012-1690212345',
    since: '2014-09-15',
    notes: 'Largest account. Gate code 4471 at the home place.',
    storages: ['Home Place Cellar', 'Riverton Road #1', 'Riverton Road #2', 'Sugar Factory Cellar'],
    contacts: [
      ['Wade Christensen', 'Owner', 'wade'],
      ['Lori Christensen', 'Office Manager', 'lori'],
    ],
  },
  {
    name: 'Teton Valley Potato Co.',
    city: 'Rexburg',
    zip: '83440',
    lat: 43.826,
    lng: -111.7897,
    website: 'https://tetonvalleypotato.example',
    qb: '80000015-1690219876',
    since: '2017-10-01',
    notes: 'Seed and fresh pack. Call ahead; dogs on site.',
    storages: ['North Cellar', 'South Cellar', 'Sugar City Storage'],
    contacts: [
      ['Brent Moss', 'Storage Manager', 'brent'],
      ['Kaylee Moss', 'Bookkeeper', 'kaylee'],
    ],
  },
  {
    name: 'Minidoka Growers',
    city: 'Rupert',
    zip: '83350',
    lat: 42.6191,
    lng: -113.6772,
    website: '',
    qb: '80000019-1690223411',
    since: '2019-08-20',
    notes: 'Processing contract with the Heyburn plant.',
    storages: ['Baseline Road Storage', 'Acequia Cellar'],
    contacts: [
      ['Hector Alvarez', 'Farm Manager', 'hector'],
      ['Sue Tolman', 'Owner', 'sue'],
    ],
  },
  {
    name: 'Cassia Ridge Farms',
    city: 'Burley',
    zip: '83318',
    lat: 42.5357,
    lng: -113.7928,
    website: 'https://cassiaridge.example',
    qb: '80000021-1690229012',
    since: '2016-09-05',
    notes: 'Prefers e-mail for invoices.',
    storages: ['Ridge Cellar A', 'Ridge Cellar B', 'Declo Storage'],
    contacts: [
      ['Mark Stimpson', 'Owner', 'mark'],
      ['Ana Reyes', 'Storage Lead', 'ana'],
    ],
  },
  {
    name: 'Magic Valley Spuds',
    city: 'Twin Falls',
    zip: '83301',
    lat: 42.5629,
    lng: -114.4609,
    website: 'https://magicvalleyspuds.example',
    qb: '80000024-1690231155',
    since: '2020-10-12',
    notes: 'Fresh market reds and yellows.',
    storages: ['Kimberly Road Cellar', 'Hansen Storage'],
    contacts: [
      ['Josh Kunau', 'General Manager', 'josh'],
      ['Emily Kunau', 'Office', 'emily'],
    ],
  },
  {
    name: 'Bingham County Produce',
    city: 'Shelley',
    zip: '83274',
    lat: 43.3813,
    lng: -112.1233,
    website: '',
    qb: '80000027-1690234470',
    since: '2012-09-30',
    notes: 'Long-time customer; three generations on the farm.',
    storages: ['Shelley Cellar 1', 'Shelley Cellar 2', 'Firth Storage'],
    contacts: [
      ['Dale Bitter', 'Owner', 'dale'],
      ['Nate Bitter', 'Operations', 'nate'],
    ],
  },
  {
    name: "Henry's Fork Farms",
    city: 'St. Anthony',
    zip: '83445',
    lat: 43.9663,
    lng: -111.6822,
    website: 'https://henrysforkfarms.example',
    qb: '80000030-1690237702',
    since: '2021-09-01',
    notes: 'Seed growers; strict sanitation on entry.',
    storages: ['Parker Cellar', 'Ashton Storage', 'Chester Cellar'],
    contacts: [
      ['Russ Egbert', 'Owner', 'russ'],
      ['Tami Egbert', 'Accounts', 'tami'],
    ],
  },
  {
    name: 'Aberdeen Acres',
    city: 'Aberdeen',
    zip: '83210',
    lat: 42.9441,
    lng: -112.8383,
    website: '',
    qb: '80000033-1690240098',
    since: '2018-10-15',
    notes: 'Next to the research station road.',
    storages: ['Aberdeen Cellar', 'Sterling Storage'],
    contacts: [
      ['Kirk Hoff', 'Owner', 'kirk'],
      ['Maria Hoff', 'Office Manager', 'maria'],
    ],
  },
]

const STORAGE_TYPES = ['Behlen', 'Straightwall', 'K Span', 'A-Frame', 'Quonset'] as const
const ROADS = ['N 700 W', 'E 1200 N', 'W Highway 39', 'S 2100 E', 'N 100 E', 'Baseline Rd', 'W 600 S', 'E 400 N']

const JOBS: readonly { name: string; grower: number; storage: number; notes: string }[] = [
  { name: 'J-2025-003', grower: 0, storage: 0, notes: 'New fan house, 4 x 10 HP fans' },
  { name: 'J-2025-007', grower: 1, storage: 2, notes: 'Refrigeration retrofit' },
  { name: 'J-2025-011', grower: 2, storage: 0, notes: 'Panel replacement and VFDs' },
  { name: 'J-2025-014', grower: 3, storage: 1, notes: 'Louvre door actuators' },
  { name: 'J-2025-018', grower: 4, storage: 0, notes: 'High pressure humidification install' },
  { name: 'J-2025-022', grower: 5, storage: 2, notes: 'Duct rebuild, 24 in tubes' },
  { name: 'J-2025-027', grower: 6, storage: 1, notes: 'Cellular remote monitoring' },
  { name: 'J-2025-031', grower: 7, storage: 0, notes: 'EC media and pump replacement' },
  { name: 'J-2025-036', grower: 0, storage: 3, notes: 'Metal fabrication: plenum wall' },
  { name: 'J-2025-040', grower: 3, storage: 2, notes: 'Electrical service upgrade' },
]

const TRUCKS = [
  { make: 'Ford', model: 'F-250 Super Duty', number: 'T-101' },
  { make: 'Ram', model: '3500 Tradesman', number: 'T-102' },
  { make: 'Chevrolet', model: 'Silverado 2500HD', number: 'T-103' },
  { make: 'Ford', model: 'F-350 Super Duty', number: 'T-104' },
  { make: 'GMC', model: 'Sierra 3500HD', number: 'T-105' },
]

const PARTS: readonly [string, string, boolean?][] = [
  ['FAN-BLT-B75', 'V-belt B75'],
  ['FAN-BLT-B90', 'V-belt B90'],
  ['FAN-BRG-1716', 'Pillow block bearing 1-7/16 in'],
  ['FAN-SHV-2B5', 'Fan sheave 2-groove 5 in'],
  ['MTR-10HP-TEFC', 'Motor 10 HP TEFC 1760 RPM 480 V'],
  ['MTR-15HP-TEFC', 'Motor 15 HP TEFC 1760 RPM 480 V'],
  ['VFD-10HP-480', 'Variable frequency drive 10 HP 480 V'],
  ['CONT-40A-3P', 'Contactor 40 A 3-pole 120 V coil'],
  ['OL-RELAY-23A', 'Overload relay 16-23 A'],
  ['FUSE-30A-CC', 'Fuse 30 A class CC'],
  ['BRKR-3P-30A', 'Breaker 3-pole 30 A'],
  ['HUM-PUMP-1HP', 'Humidifier pump 1 HP'],
  ['HUM-NOZ-SS', 'Humidifier nozzle, stainless'],
  ['HUM-FLOAT-VLV', 'Humidifier float valve 3/4 in'],
  ['HP-NOZ-020', 'High pressure mist nozzle 0.20 mm'],
  ['HP-PUMP-SEAL', 'High pressure pump seal kit'],
  ['DOOR-ACT-24V', 'Louvre actuator 24 V modulating'],
  ['DOOR-SEAL-20', 'Door seal, 20 ft roll'],
  ['DOOR-ROLLER', 'Door roller assembly'],
  ['TEMP-PROBE-10K', 'Temperature probe 10K thermistor'],
  ['RH-SENSOR', 'Relative humidity sensor 4-20 mA'],
  ['PLC-IO-16', 'Controller I/O module 16 point'],
  ['CELL-MODEM-LTE', 'Cellular modem LTE'],
  ['ANT-YAGI-LTE', 'Yagi antenna LTE'],
  ['REF-TXV-5T', 'Thermal expansion valve 5 ton'],
  ['REF-R404A-25', 'Refrigerant R-404A, 25 lb'],
  ['EC-MEDIA-12', 'Evaporative cooler media 12 in'],
  ['DUCT-TUBE-24', 'Duct tube 24 in, per ft'],
  ['WIRE-12-THHN', 'Wire 12 AWG THHN, per ft'],
  ['SPECIAL ORDER', 'Special order: describe on the sheet', true],
  ['SPECIAL FAB', 'Custom fabrication: describe on the sheet', true],
  ['MISC', 'Miscellaneous: describe on the sheet', true],
]

const PRODUCTS = [
  { product_name: '1,4SIGHT', registration: 'EPA Reg. No. 81503-1', units: 'oz', ppm: 20, ppm_constant: 84000, per: null, converter: null, min_qty: 64 },
  { product_name: 'SmartBlock', registration: 'EPA Reg. No. 5481-620', units: 'gal', ppm: null, ppm_constant: null, per: 1000, converter: 12.8, min_qty: 1 },
  { product_name: 'Sprout Nip 7A', registration: 'EPA Reg. No. 5481-433', units: 'other', ppm: null, ppm_constant: null, per: 1000, converter: 1.5, min_qty: 10 },
  { product_name: 'StorOx 2.0', registration: 'EPA Reg. No. 70299-7', units: 'gal', ppm: null, ppm_constant: null, per: 1000, converter: 128, min_qty: 1 },
  { product_name: 'Jet-Ag', registration: 'EPA Reg. No. 70299-3', units: 'oz', ppm: null, ppm_constant: null, per: 100, converter: 4, min_qty: 32 },
] as const

const APPLICATIONS = [
  { name: '1,4SIGHT Thermal', base_price: '0.0425', products: ['1,4SIGHT'] },
  { name: 'SmartBlock Hot Fog', base_price: '0.0575', products: ['SmartBlock'] },
  { name: 'CIPC + 1,4SIGHT Combo', base_price: '0.0650', products: ['Sprout Nip 7A', '1,4SIGHT'] },
  { name: 'StorOx Disinfect', base_price: '0.0180', products: ['StorOx 2.0'] },
  { name: 'Jet-Ag Bacteria Fog', base_price: '0.0200', products: ['Jet-Ag'] },
]

export const CALL_REASONS = [
  'Fan 2 will not start; breaker trips on start-up.',
  'Humidifier pump running but no water at the nozzles.',
  'Louvre doors stuck half open, actuator not responding.',
  'Plenum temperature reading 8 degrees above setpoint.',
  'Remote monitoring offline since Tuesday.',
  'Loud squeal from fan house, probably a belt.',
  'Refrigeration unit short cycling.',
  'Pre-season check before fill: fans, doors, panel, humidity.',
  'VFD showing overcurrent fault on fan 3.',
  'Water on the floor under the EC pad.',
  'High pressure system losing pressure overnight.',
  'Panel light out and one contactor chattering.',
  'Cell door seal torn, cold air leaking in.',
  'Temperature probe in pile 2 reads 0 F.',
]

const CHECK_NOTES = [
  'Pile looks good, no condensation on the ceiling.',
  'Slight wet spot near the back wall; increased airflow.',
  'Humidity holding well; fans on 20 min cycles.',
  'Some shrink on the front pile face; checked duct airflow.',
  'All readings normal. Doors seal properly.',
  'Grower asked about the next pre-treat date.',
]

// ---- seeding -----------------------------------------------------------------------------

export type DemoSeedSummary = Record<string, number>

async function seedInTransaction(trx: Executor, today: Date): Promise<DemoSeedSummary> {
  const created: DemoSeedSummary = {}
  const add = (table: string, n: number) => {
    created[table] = (created[table] ?? 0) + n
  }
  const rng = prng(20250914)

  created.permissions = await syncPermissions(trx)
  // the mark that this database is a demo one (decision 0076), with the demo's accounts
  await trx
    .insertInto('demo_seed')
    .defaultValues()
    .onConflict((oc) => oc.column('only_row').doNothing())
    .execute()

  // Companies: the service company itself, then the growers.
  const companyRows = [
    { name: SERVICE_COMPANY_NAME, city: 'Idaho Falls', website: 'https://keystonestorage.example', qb: '80000001-1690200000', since: '2008-03-01', notes: 'Our own company.' },
    ...GROWERS,
  ]
  const companies = await trx
    .insertInto('companies')
    .values(
      companyRows.map((c) => ({
        submission_id: demoUuid(`company:${c.name}`),
        company_name: c.name,
        qb_list_id: c.qb,
        website: c.website,
        service_start: c.since,
        notes: c.notes,
        storage_check_interval: 30,
        contact_interval: c.name === SERVICE_COMPANY_NAME ? 0 : 45,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute()
  add('companies', companies.length)
  const companyIds = new Map(
    (
      await trx
        .selectFrom('companies')
        .select(['id', 'company_name'])
        .where(
          'company_name',
          'in',
          companyRows.map((c) => c.name),
        )
        .execute()
    ).map((r) => [r.company_name, r.id]),
  )
  const companyId = (name: string) => companyIds.get(name)!

  // Storages: 2-4 per grower, with every equipment field and GPS near the grower's town.
  const storageRows = GROWERS.flatMap((g, gi) =>
    g.storages.map((name, si) => {
      const key = `storage:${g.name}:${name}`
      const ducts = rng.int(8, 16)
      return {
        submission_id: demoUuid(key),
        company_id: companyId(g.name),
        grower_id: companyId(g.name),
        name,
        type: STORAGE_TYPES[(gi + si) % STORAGE_TYPES.length]!,
        address: `${rng.int(100, 3999)} ${rng.pick(ROADS)}, ${g.city}, ID ${g.zip}`,
        gps_lat: (g.lat + (rng.next() - 0.5) * 0.12).toFixed(6),
        gps_lng: (g.lng + (rng.next() - 0.5) * 0.12).toFixed(6),
        service_start: `${2010 + ((gi * 3 + si * 2) % 14)}-0${rng.int(1, 9)}-${String(rng.int(10, 28))}`,
        duct_count: ducts,
        duct_size_inches: rng.pick([18, 20, 24, 30]),
        duct_spacing_inches: rng.pick([96, 108, 120, 144]),
        door_type: rng.next() < 0.6 ? 'Fresh Air' : 'Louvres',
        door_count: rng.int(1, 4),
        length_feet: rng.pick([200, 240, 300, 360, 400]),
        width_feet: rng.pick([80, 100, 120, 140]),
        notes: rng.pick(['Fan house on the east end.', 'Two bays share one plenum.', 'Power from the pivot line; 480 V three phase.', 'Gravel pad, watch the ditch on the north side.']),
        pretreat_notes: rng.pick(['Insert fogger at the south fan house.', 'Shut off humidifiers 12 hours before application.', 'Seal the fresh air doors with plastic before fogging.', '']),
        double_bay: rng.next() < 0.3,
        bill_to_grower: false,
        active: !(gi === 7 && si === 1),
      }
    }),
  )
  const storages = await trx
    .insertInto('storages')
    .values(storageRows)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute()
  add('storages', storages.length)
  const storageRowsInDb = await trx
    .selectFrom('storages')
    .select(['id', 'company_id', 'name', 'submission_id'])
    .where(
      'submission_id',
      'in',
      storageRows.map((s) => s.submission_id),
    )
    .execute()
  const storageBySubmission = new Map(storageRowsInDb.map((s) => [s.submission_id!, s]))
  const storageOf = (g: number, s: number) => storageBySubmission.get(demoUuid(`storage:${GROWERS[g]!.name}:${GROWERS[g]!.storages[s]}`))!
  const allStorages = GROWERS.flatMap((_, gi) => GROWERS[gi]!.storages.map((__, si) => storageOf(gi, si)))

  // Jobs.
  const jobs = await trx
    .insertInto('jobs')
    .values(
      JOBS.map((j) => {
        const s = storageOf(j.grower, j.storage)
        return { submission_id: demoUuid(`job:${j.name}`), name: j.name, company_id: s.company_id, storage_id: s.id, notes: j.notes }
      }),
    )
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute()
  add('jobs', jobs.length)
  const jobRows = await trx
    .selectFrom('jobs')
    .select(['id', 'name', 'company_id', 'storage_id'])
    .where(
      'name',
      'in',
      JOBS.map((j) => j.name),
    )
    .orderBy('name')
    .execute()

  // Trucks and parts.
  const trucks = await trx
    .insertInto('trucks')
    .values(TRUCKS.map((t) => ({ ...t, submission_id: demoUuid(`truck:${t.number}`) })))
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute()
  add('trucks', trucks.length)
  const parts = await trx
    .insertInto('parts')
    .values(PARTS.map(([part_number, description, special]) => ({ submission_id: demoUuid(`part:${part_number}`), part_number, description, is_special: special ?? false })))
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute()
  add('parts', parts.length)

  // Chemicals and applications.
  const products = await trx
    .insertInto('products')
    .values(PRODUCTS.map((p) => ({ ...p, submission_id: demoUuid(`product:${p.product_name}`) })))
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute()
  add('products', products.length)
  const productIds = new Map(
    (
      await trx
        .selectFrom('products')
        .select(['id', 'product_name'])
        .where(
          'product_name',
          'in',
          PRODUCTS.map((p) => p.product_name),
        )
        .execute()
    ).map((r) => [r.product_name, r.id]),
  )
  const applications = await trx
    .insertInto('applications')
    .values(APPLICATIONS.map((a) => ({ submission_id: demoUuid(`application:${a.name}`), name: a.name, base_price: a.base_price })))
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute()
  add('applications', applications.length)
  const applicationIds = new Map(
    (
      await trx
        .selectFrom('applications')
        .select(['id', 'name'])
        .where(
          'name',
          'in',
          APPLICATIONS.map((a) => a.name),
        )
        .execute()
    ).map((r) => [r.name, r.id]),
  )
  const links = await trx
    .insertInto('application_products')
    .values(APPLICATIONS.flatMap((a) => a.products.map((p, position) => ({ application_id: applicationIds.get(a.name)!, product_id: productIds.get(p)!, position }))))
    .onConflict((oc) => oc.doNothing())
    .returning('application_id')
    .execute()
  add('application_products', links.length)

  // Users, one per role, all of the service company, with the one demo password (hashed once).
  const userIds = new Map<string, number>()
  let demoHash: string | undefined
  for (const u of DEMO_USERS) {
    const existing = await trx
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', u.username))
      .executeTakeFirst()
    if (existing) {
      userIds.set(u.username, existing.id)
      if (u.permissions.length) {
        const granted = await trx
          .insertInto('user_permissions')
          .values(u.permissions.map((codename) => ({ user_id: existing.id, codename })))
          .onConflict((oc) => oc.doNothing())
          .returning('codename')
          .execute()
        add('user_permissions', granted.length)
      }
      continue
    }
    demoHash ??= await hashPassword(DEMO_PASSWORD)
    const user = await createUser(trx, {
      username: u.username,
      password: DEMO_PASSWORD,
      passwordHash: demoHash,
      firstName: u.firstName,
      lastName: u.lastName,
      email: `${u.username}@keystonestorage.example`,
      companyName: SERVICE_COMPANY_NAME,
      isStaff: u.isStaff ?? false,
      isSuperuser: u.isSuperuser ?? false,
      permissions: u.permissions,
    })
    userIds.set(u.username, user.id)
    add('users', 1)
    add('user_permissions', user.permissions.length)
  }
  for (const u of DEMO_USERS) {
    if (!u.applicator) continue
    const expiration = new Date(today)
    expiration.setFullYear(expiration.getFullYear() + 2)
    const row = await trx
      .insertInto('applicators')
      .values({ user_id: userIds.get(u.username)!, license: u.applicator.license, expiration: `${expiration.getFullYear()}-12-31` })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .returning('id')
      .execute()
    add('applicators', row.length)
  }

  // Contacts, two per grower; the first receives the grower's reports by e-mail (issue 23).
  const contactRows = GROWERS.flatMap((g, gi) =>
    g.contacts.map(([name, role, local], ci) => ({
      submission_id: demoUuid(`contact:${g.name}:${name}`),
      company_id: companyId(g.name),
      name,
      role,
      email: `${local}@${g.website ? new URL(g.website).hostname : `${g.name.toLowerCase().replace(/[^a-z]+/g, '')}.example`}`,
      phone: `+1208555${String(1000 + gi * 10 + ci).padStart(4, '0')}`,
      notes: ci === 0 ? 'Primary contact for service calls.' : 'Billing and scheduling.',
      contact_interval: 30,
      receives_reports: ci === 0,
    })),
  )
  // and a catch-all 'Other' (hidden in Company Contacts), for notes with whoever answered the phone
  contactRows.push({
    submission_id: demoUuid('contact:Snake River Farms:Other'),
    company_id: companyId('Snake River Farms'),
    name: 'Other',
    role: '',
    email: 'office@snakeriverfarms.example',
    phone: '',
    notes: 'Anyone else at the farm.',
    contact_interval: 0,
    receives_reports: false,
  })
  const contacts = await trx
    .insertInto('contacts')
    .values(contactRows)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute()
  add('contacts', contacts.length)

  // Customer notes (interactions): 12 over the last 75 days, written by the office. The contacts'
  // interval is 30 days, so those last spoken to before that (and those never spoken to, once they
  // are 30 days old) are the follow-ups due.
  const officeId = userIds.get('office')!
  const contactIds = new Map(
    (
      await trx
        .selectFrom('contacts')
        .select(['id', 'submission_id'])
        .where(
          'submission_id',
          'in',
          contactRows.map((c) => c.submission_id),
        )
        .execute()
    ).map((r) => [r.submission_id, r.id]),
  )
  const NOTES = [
    'Called about fan 3 noise; will look at it on the next visit.',
    'Asked for a quote on a second humidifier.',
    'Confirmed the pre-season check for next week.',
    'Invoice question: PO number was missing; resent.',
    'Storage temperature running high; advised lowering the setpoint.',
    'Wants the door actuators looked at before harvest.',
  ]
  const interactionRows = Array.from({ length: 12 }, (_, i) => {
    const contact = contactRows[(i * 3) % (contactRows.length - 1)]!
    return {
      submission_id: demoUuid(`interaction:${i}`),
      company_id: contact.company_id,
      contact_id: contactIds.get(contact.submission_id)!,
      notes: NOTES[i % NOTES.length]!,
      created_by: officeId,
      last_modified_by: officeId,
      created_at: `${daysAgo(today, Math.round((i * 75) / 11))}T${String(14 + (i % 6)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}:00Z`,
    }
  })
  interactionRows.push({
    submission_id: demoUuid('interaction:other'),
    company_id: companyId('Snake River Farms'),
    contact_id: contactIds.get(demoUuid('contact:Snake River Farms:Other'))!,
    notes: 'The hired man called: the Home Place Cellar door is sticking.',
    created_by: officeId,
    last_modified_by: officeId,
    created_at: `${daysAgo(today, 3)}T16:30:00Z`,
  })
  const interactions = await trx
    .insertInto('interactions')
    .values(interactionRows.map((r) => ({ ...r, last_modified_at: r.created_at })))
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute()
  add('interactions', interactions.length)

  // Call-ins: 60 over the last 4 months (one every two days or so), a quarter of them for jobs.
  const tech = userIds.get('tech')!
  const office = userIds.get('office')!
  const callRows = Array.from({ length: 60 }, (_, i) => {
    const ago = Math.round((i * 119) / 59)
    const forJob = i % 4 === 1
    let company_id: number
    let storage_id: number
    let job_id: number | null = null
    let requested: string
    if (forJob) {
      const job = jobRows[i % jobRows.length]!
      ;({ company_id, storage_id } = job)
      job_id = job.id
      requested = rng.pick(GROWERS.find((g) => companyId(g.name) === company_id)!.contacts)[0]
    } else {
      const s = rng.pick(allStorages)
      company_id = s.company_id
      storage_id = s.id
      requested = rng.pick(GROWERS.find((g) => companyId(g.name) === company_id)!.contacts)[0]
    }
    return {
      submission_id: demoUuid(`call-in:${i}`),
      company_id,
      storage_id,
      job_id,
      created_by: i % 3 === 0 ? office : tech,
      call_in_date: daysAgo(today, ago),
      requested_by: requested,
      description: rng.pick(CALL_REASONS),
      got_it: ago > 10 || i % 2 === 0,
    }
  })
  const calls = await trx
    .insertInto('call_ins')
    .values(callRows)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute()
  add('call_ins', calls.length)

  // Storage checks: 24 over the last 3 months.
  const varieties: Variety[] = ['Russet - Process', 'Russet - Fryer', 'Russet - Fresh', 'Red', 'Yellow', 'Minis']
  const fills: FillStatus[] = ['Full', '3/4 Full', '1/2 Full', '1/4 Full', 'Empty']
  const checkRows = Array.from({ length: 24 }, (_, i) => {
    const s = allStorages[(i * 5) % allStorages.length]!
    const setpoint = rng.pick([42, 44, 45, 46, 48])
    const pile = () => (setpoint + (rng.next() - 0.3) * 3).toFixed(1)
    return {
      submission_id: demoUuid(`storage-check:${i}`),
      company_id: s.company_id,
      storage_id: s.id,
      created_by: tech,
      date_inspected: daysAgo(today, Math.round((i * 89) / 23)),
      variety: rng.pick(varieties),
      fill_status: rng.pick(fills),
      setpoint,
      runtime_hours: rng.round(rng.next() * 18 + 2, 0.5),
      plenum: (setpoint - 1 + rng.next() * 2).toFixed(1),
      humidity: rng.int(88, 98),
      pile1: pile(),
      pile2: pile(),
      pile3: pile(),
      pile4: pile(),
      notes: rng.pick(CHECK_NOTES),
    }
  })
  const checks = await trx
    .insertInto('storage_checks')
    .values(checkRows)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute()
  add('storage_checks', checks.length)

  // Receipts: a dozen over the last 2 months, four of each type (no images: the detail says so).
  const truckRows = await trx
    .selectFrom('trucks')
    .select('id')
    .where(
      'number',
      'in',
      TRUCKS.map((t) => t.number),
    )
    .orderBy('number')
    .execute()
  const receiptRows = Array.from({ length: 12 }, (_, i) => {
    const type = (['Fuel', 'Expenses', 'Parts'] as const)[i % 3]!
    const job = jobRows[i % jobRows.length]!
    const base = {
      submission_id: demoUuid(`receipt:${i}`),
      type,
      date: daysAgo(today, Math.round((i * 59) / 11)),
      created_by: tech,
      total_amount: rng.round(rng.next() * 240 + 15, 0.01).toFixed(2),
    }
    if (type === 'Fuel')
      return { ...base, location: rng.pick(['Maverik, Rexburg', 'Sinclair, Shelley', 'Chevron, Idaho Falls']), truck_id: truckRows[i % truckRows.length]!.id, mileage: 118_000 + i * 412 }
    if (type === 'Expenses')
      return {
        ...base,
        location: rng.pick(['Frontier Pies, Rexburg', 'Snake River Landing']),
        customer_id: job.company_id,
        event: rng.pick(['Grower lunch', 'Harvest meeting', 'Season kickoff dinner']),
        is_food: i % 2 === 1,
      }
    return { ...base, location: rng.pick(['Grainger, Idaho Falls', 'Napa Auto Parts, Rigby']), customer_id: job.company_id, job_id: i % 2 === 0 ? job.id : null }
  })
  const receiptsMade = await trx
    .insertInto('receipts')
    .values(receiptRows)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute()
  add('receipts', receiptsMade.length)
  add('products admin', await seedDemoProducts(trx, today))

  Object.assign(created, await seedDemoRegistry(trx))
  return created
}

/**
 * Seeds the demo data; safe to run again (adds only what is missing). Returns how many rows
 * each table gained in this run (all zeros on a second run). Runs in one transaction.
 */
export async function seedDemo(db: Executor, options: { today?: Date; /** the drive's demo files go here (without it: its folders only) */ store?: BlobStore } = {}): Promise<DemoSeedSummary> {
  const today = options.today ?? new Date()
  if (db.isTransaction) return seedInTransaction(db, today)
  const summary = await db.transaction().execute(async (trx: Executor) => {
    // Two seeds at once would race on the same natural keys; take turns.
    await sql`select pg_advisory_xact_lock(hashtext('seed:demo'))`.execute(trx)
    return seedInTransaction(trx, today)
  })
  // each sheet and each review step is its own workflow transaction
  return {
    ...summary,
    service_sheets: await seedDemoSheets(db, today),
    drive_entries: await seedDemoDrive(db, options.store),
    storage_images: await seedDemoStorages(db, options.store),
    user_groups: await seedDemoGroups(db),
    storage_history: await seedDemoStorageHistory(db, today),
    pretreats: await seedDemoPretreats(db, today),
    application_records: await keepDemoApplicationRecords(db),
  }
}

/** The application record (decision 0042) of every demo pre-treat that was applied and completed or voided, when it has none. */
async function keepDemoApplicationRecords(db: Executor): Promise<number> {
  const missing = await db
    .selectFrom('pretreats as p')
    .select('p.id')
    .where((eb) => eb.or([eb('p.status', '=', 'completed'), eb.and([eb('p.void', '=', true), eb('p.sheet_submit_id', 'is not', null)])]))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('application_records as r').select('r.id').whereRef('r.pretreat_id', '=', 'p.id'))))
    .orderBy('p.id')
    .execute()
  for (const { id } of missing) await db.transaction().execute((trx) => keepApplicationRecord(trx, id))
  return missing.length
}
