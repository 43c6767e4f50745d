// db/schema.ts is written by hand beside the migrations; this test holds it to the migrated
// database: every table and column on each side, whether a column may be null, the kind of value
// it reads as, and whether an insert may leave it out. Read with the TypeScript compiler (what
// Kysely sees: the select and insert types of each column) and information_schema.
import path from 'node:path'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts'

/** The kinds a column is read as, in db/schema.ts and in PostgreSQL. */
type Kind = 'string' | 'number' | 'boolean' | 'Date' | 'array' | 'json'

interface Column {
  nullable: boolean
  kind: Kind | 'unknown'
  /** an insert may leave it out (Generated, Defaulted, nullable); undefined: never inserted */
  optionalOnInsert: boolean | undefined
}
type Tables = Map<string, Map<string, Column>>

// Kysely's own bookkeeping, not part of the app's schema
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock'])

// PostgreSQL reports a generated column as nullable unless it is declared not null; these are
// computed only from not-null columns, so they are never null and are typed so.
const NEVER_NULL_GENERATED: Record<string, string> = {
  'pretreat_numbers.label': 'made from year and number, both not null',
}

const PG_KINDS: Record<string, Kind> = {
  text: 'string',
  'character varying': 'string',
  character: 'string',
  uuid: 'string',
  numeric: 'string',
  date: 'string',
  'time without time zone': 'string',
  inet: 'string',
  citext: 'string',
  tsvector: 'string',
  integer: 'number',
  bigint: 'number',
  smallint: 'number',
  'double precision': 'number',
  real: 'number',
  boolean: 'boolean',
  'timestamp with time zone': 'Date',
  'timestamp without time zone': 'Date',
  ARRAY: 'array',
  jsonb: 'json',
  json: 'json',
}

function schemaTables(): Tables {
  const root = path.resolve(import.meta.dirname, '..')
  const config = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile)
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root)
  const file = path.join(root, 'db', 'schema.ts')
  // the schema needs neither the DOM nor @types: leaving them out makes this several times faster
  const program = ts.createProgram([file], { ...options, types: [], lib: ['lib.es2023.d.ts'], noEmit: true })
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(file)!
  const database = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database')!

  const parts = (type: ts.Type) => (type.isUnion() ? type.types : [type])
  // ColumnType<Select, Insert, Update> carries its three types as properties; a plain type is all three
  const facet = (type: ts.Type, name: '__select__' | '__insert__', at: ts.Node) => {
    const property = type.getProperty(name)
    return property ? checker.getTypeOfSymbolAtLocation(property, at) : type
  }
  const kindOf = (type: ts.Type): Column['kind'] => {
    const kinds = new Set(
      parts(type)
        .filter((t) => !(t.flags & ts.TypeFlags.Null))
        .map((t): Column['kind'] => {
          if (t.flags & ts.TypeFlags.StringLike) return 'string'
          if (t.flags & ts.TypeFlags.NumberLike) return 'number'
          if (t.flags & ts.TypeFlags.BooleanLike) return 'boolean'
          if (t.flags & ts.TypeFlags.Unknown) return 'json'
          if (checker.isArrayType(t)) return 'array'
          if (t.getSymbol()?.name === 'Date') return 'Date'
          return 'unknown'
        }),
    )
    return kinds.size === 1 ? [...kinds][0]! : 'unknown'
  }

  const tables: Tables = new Map()
  for (const tableProperty of checker.getTypeAtLocation(database).getProperties()) {
    const columns = new Map<string, Column>()
    const tableType = checker.getTypeOfSymbolAtLocation(tableProperty, database)
    for (const columnProperty of tableType.getProperties()) {
      const type = checker.getTypeOfSymbolAtLocation(columnProperty, database)
      const select = facet(type, '__select__', database)
      const insert = facet(type, '__insert__', database)
      columns.set(columnProperty.name, {
        nullable: parts(select).some((t) => t.flags & ts.TypeFlags.Null),
        kind: kindOf(select),
        optionalOnInsert: insert.flags & ts.TypeFlags.Never ? undefined : parts(insert).some((t) => t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)),
      })
    }
    tables.set(tableProperty.name, columns)
  }
  return tables
}

async function databaseTables(t: TestDatabase): Promise<Tables> {
  const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: 'YES' | 'NO'; data_type: string; has_default: boolean }>`
    select c.table_name, c.column_name, c.is_nullable, c.data_type,
           (c.column_default is not null or c.is_identity = 'YES' or c.is_generated = 'ALWAYS') as has_default
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = 'public'
    order by c.table_name, c.ordinal_position`.execute(t.db)
  const tables: Tables = new Map()
  for (const row of rows) {
    if (MIGRATION_TABLES.has(row.table_name)) continue
    if (!tables.has(row.table_name)) tables.set(row.table_name, new Map())
    const nullable = row.is_nullable === 'YES' && !(`${row.table_name}.${row.column_name}` in NEVER_NULL_GENERATED)
    tables.get(row.table_name)!.set(row.column_name, { nullable, kind: PG_KINDS[row.data_type] ?? 'unknown', optionalOnInsert: nullable || row.has_default })
  }
  return tables
}

/** Every difference, one line each, in words a person fixing db/schema.ts can act on. */
function differences(schema: Tables, database: Tables): string[] {
  const out: string[] = []
  for (const [table, columns] of database) {
    const typed = schema.get(table)
    if (!typed) {
      out.push(`table ${table}: in the database, missing from db/schema.ts`)
      continue
    }
    for (const [name, column] of columns) {
      const t = typed.get(name)
      if (!t) {
        out.push(`${table}.${name}: in the database, missing from db/schema.ts`)
        continue
      }
      if (t.nullable !== column.nullable) out.push(`${table}.${name}: ${column.nullable ? 'nullable' : 'not null'} in the database, ${t.nullable ? 'nullable' : 'not null'} in db/schema.ts`)
      if (t.kind !== column.kind) out.push(`${table}.${name}: read as ${column.kind} from the database, typed ${t.kind} in db/schema.ts`)
      if (t.optionalOnInsert === true && !column.optionalOnInsert) out.push(`${table}.${name}: db/schema.ts lets an insert leave it out, but the database has no default and refuses null`)
    }
    for (const name of typed.keys()) if (!columns.has(name)) out.push(`${table}.${name}: in db/schema.ts, not in the database`)
  }
  for (const table of schema.keys()) if (!database.has(table)) out.push(`table ${table}: in db/schema.ts, not in the database`)
  return out
}

describe('db/schema.ts', () => {
  let t: TestDatabase
  beforeAll(async () => {
    t = await createTestDatabase()
  })
  afterAll(() => t.drop())

  it('has every table and column of the migrated database, with the same nullability and kind, and nothing else', async () => {
    const schema = schemaTables()
    const database = await databaseTables(t)
    expect(database.size).toBeGreaterThan(30) // the comparison below ran on the real thing
    expect(schema.size).toBeGreaterThan(30)
    expect(differences(schema, database)).toEqual([])
  })
})
