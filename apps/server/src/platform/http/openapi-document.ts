import { enumMeaning } from './enum-meanings.ts';
import { z } from 'zod';
import { designDocumentSchema } from '@pod/design';
import {
  API_FIELD_LABELS,
  DESIGN_DOCUMENT_PAYLOAD,
  errorEnvelope,
  FULFILMENT_LIMITS,
  LIMITS,
  ORDER_IMPORT_LIMITS,
} from '@pod/shared';

/**
 * Completes the generated OpenAPI document so an integrator can build on it alone (issue 27):
 * every operation gets a description (its summary, who may call it, what its reply is), every
 * parameter and property without one gets its label from the platform's field table in both
 * languages, money fields say they are integers in minor units beside their currency, enums list
 * their values, every JSON request body gets an example generated from its schema, uploads are
 * documented as multipart with their fields and limits, failures document the one error shape, and
 * the design document's full JSON Schema is published as `DesignDocument`.
 */

type Json = Record<string, unknown>;
type Schema = Json & {
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  description?: string;
  required?: string[];
};

const MB = 1024 * 1024;

/** Integers that are money: amounts, prices, fees and balances (never counts or ids). */
const MONEY = /(^|_)(amount|amounts|price|fee|balance|money|payment|subtotal|freight|savings|cost|net)($|_)/;
const NOT_MONEY = /(count|_id|_ids|_no|_nos|_at|_mode|_type|_bps|_rate|_status|_currency|_method|_url)$/;

const MONEY_NOTE =
  'Money: an integer in minor units (fen for CNY, cents for USD) — 12345 is 123.45 — in the currency';

const humanise = (value: string) =>
  value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();

/** Every value of an enum with its meaning (`enum-meanings.ts`); the value's words where none. */
function enumNote(field: string | undefined, values: unknown[]): string {
  const shown = values.map((v) => {
    const key = String(v);
    const meaning = enumMeaning(field, key);
    return meaning ? `\`${key}\` (${meaning})` : `\`${key}\``;
  });
  return `One of: ${shown.join(', ')}.`;
}

/** The currency field beside a money field: `sales_amount` → `sales_currency`, else `currency`. */
function currencyOf(name: string, siblings: Record<string, Schema> | undefined): string | null {
  if (!siblings) return null;
  const prefix = name.split('_')[0];
  for (const candidate of [`${prefix}_currency`, 'currency', 'declared_currency', 'retail_currency']) {
    if (candidate in siblings) return candidate;
  }
  return null;
}

/** A label for a field name from the platform table, or undefined when the table lacks it. */
function labelOf(name: string): string | undefined {
  const entry = Object.hasOwn(API_FIELD_LABELS, name) ? API_FIELD_LABELS[name] : undefined;
  return entry ? `${entry[0]} (${entry[1]}).` : undefined;
}

function isInteger(schema: Schema): boolean {
  return schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.includes('integer'));
}

/** Describes one field (a property or a parameter) from its name, where its schema says nothing. */
function describeField(name: string, schema: Schema, siblings?: Record<string, Schema>): string | undefined {
  const parts: string[] = [];
  const own = schema.description;
  if (own && !own.startsWith('A JSON integer')) parts.push(own);
  else {
    const label = labelOf(name);
    if (!label) return own;
    parts.push(label);
    if (own) parts.push(own);
  }
  if (isInteger(schema) && MONEY.test(name) && !NOT_MONEY.test(name)) {
    const currency = currencyOf(name, siblings);
    parts.push(
      currency ? `${MONEY_NOTE} given by \`${currency}\`.` : `${MONEY_NOTE} of the record it belongs to.`,
    );
  }
  const values = schema.enum ?? schema.items?.enum;
  if (values?.length && !parts.some((p) => p.includes('One of:'))) parts.push(enumNote(name, values));
  return parts.join(' ');
}

/** Where a design document travels, its schema points at the published `DesignDocument`. */
function linkDesignDocument(schema: Schema): Schema {
  if (schema.description !== DESIGN_DOCUMENT_PAYLOAD) return schema;
  return { allOf: [{ $ref: '#/components/schemas/DesignDocument' }], description: DESIGN_DOCUMENT_PAYLOAD };
}

/** Walks a schema, describing every property from its name where it has no description. */
function describeSchema(schema: unknown): void {
  if (!schema || typeof schema !== 'object') return;
  if (Array.isArray(schema)) {
    for (const item of schema) describeSchema(item);
    return;
  }
  const s = schema as Schema;
  if (s.items && typeof s.items === 'object') s.items = linkDesignDocument(s.items);
  if (s.properties && typeof s.properties === 'object' && !Array.isArray(s.properties)) {
    for (const [name, property] of Object.entries(s.properties)) {
      if (!property || typeof property !== 'object') continue;
      const linked = linkDesignDocument(property);
      s.properties[name] = linked;
      if (linked !== property) continue;
      const description = describeField(name, property, s.properties);
      if (description) property.description = description;
    }
  }
  for (const [key, value] of Object.entries(s))
    if (key !== 'enum' && key !== 'example') describeSchema(value);
}

// ---- Examples ------------------------------------------------------------------------------------

const SAMPLE_ID = '3f2b8c1e-4a5d-4e6f-8a7b-9c0d1e2f3a4b';

/** A plausible example value of a schema: its default, first enum value, or one fitting its rules. */
export function exampleOf(schema: unknown, name = '', depth = 0): unknown {
  if (!schema || typeof schema !== 'object' || depth > 8) return null;
  const s = schema as Schema & Json;
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  const variants = (s.anyOf ?? s.oneOf ?? s.allOf) as unknown[] | undefined;
  if (Array.isArray(variants) && variants.length) {
    const first = variants.find((v) => (v as Schema).type !== 'null') ?? variants[0];
    if (s.allOf) return Object.assign({}, ...variants.map((v) => exampleOf(v, name, depth + 1) as Json));
    return exampleOf(first, name, depth + 1);
  }
  const rawType: unknown = s.type;
  const type = Array.isArray(rawType) ? (rawType as string[]).find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Json = {};
      const required = new Set(s.required ?? []);
      for (const [key, property] of Object.entries(s.properties ?? {})) {
        // Optional fields are shown too when they are few, so the example shows what may be sent.
        if (required.has(key) || Object.keys(s.properties ?? {}).length <= 12)
          out[key] = exampleOf(property, key, depth + 1);
      }
      return out;
    }
    case 'array': {
      const min = typeof s.minItems === 'number' ? Math.max(1, s.minItems) : 1;
      return Array.from({ length: Math.min(min, 3) }, () => exampleOf(s.items, name, depth + 1));
    }
    case 'integer':
    case 'number': {
      const min =
        typeof s.minimum === 'number'
          ? s.minimum
          : typeof s.exclusiveMinimum === 'number'
            ? s.exclusiveMinimum + 1
            : 1;
      const max = typeof s.maximum === 'number' ? s.maximum : Math.max(min, 100);
      return Math.min(Math.max(min, MONEY.test(name) ? 1999 : 1), max);
    }
    case 'boolean':
      return false;
    case 'string':
      return stringExample(s, name);
    default:
      return null;
  }
}

function stringExample(s: Schema & Json, name: string): string {
  switch (s.format) {
    case 'uuid':
      return SAMPLE_ID;
    case 'email':
      return 'buyer@example.com';
    case 'date-time':
      return '2026-05-01T08:00:00.000Z';
    case 'date':
      return '2026-05-01';
    case 'uri':
    case 'url':
      return 'https://example.com/';
  }
  const samples: Record<string, string> = {
    username: 'alice_01',
    password: 'Secret123',
    confirmPassword: 'Secret123',
    newPassword: 'NewSecret123',
    mobile: '13800138000',
    country: 'US',
    country_code: 'US',
    currency: 'CNY',
    hex: '#1a2b3c',
    captcha: '123456',
    code: '123456',
  };
  if (samples[name]) return samples[name];
  if (/_ids?$|^id$/.test(name)) return SAMPLE_ID;
  const min = typeof s.minLength === 'number' ? s.minLength : 1;
  const max = typeof s.maxLength === 'number' ? s.maxLength : 40;
  const base = (name || 'text').replace(/[^A-Za-z0-9]/g, '') || 'text';
  let value = base.length >= min ? base : base.padEnd(min, 'x');
  if (value.length > max) value = value.slice(0, max);
  if (typeof s.pattern === 'string' && !new RegExp(s.pattern).test(value)) {
    // A pattern the name does not fit: say so plainly rather than show a wrong example.
    return `<${name || 'value'} matching ${s.pattern}>`;
  }
  return value;
}

// ---- Uploads ---------------------------------------------------------------------------------------

interface UploadDoc {
  files: string;
  maxFiles: number;
  maxBytes: number;
  types: string;
}

const UPLOADS: Record<string, UploadDoc> = {
  adminUpload: {
    files: 'The file.',
    maxFiles: 1,
    maxBytes: LIMITS.uploadHardMaxBytes,
    types:
      'By `topic`: general — the suffixes and size of the site’s upload settings (GET /api/v1/index → `upload`); material, design, image — jpg, jpeg, png (design: also svg; image: also webp, svg); receipt — jpg, jpeg, png.',
  },
  memberUpload: {
    files: 'The file.',
    maxFiles: 1,
    maxBytes: LIMITS.uploadHardMaxBytes,
    types: 'As the admin upload, by `topic`.',
  },
  materialUpload: {
    files: 'The images, one part each.',
    maxFiles: LIMITS.materialUploadBatch,
    maxBytes: LIMITS.materialUploadBytes,
    types: 'jpg, jpeg, png images; each file is accepted or refused on its own.',
  },
  waybillUpload: {
    files: 'The waybill PDFs, named `<tracking number>.pdf`, one part each.',
    maxFiles: FULFILMENT_LIMITS.waybillBatch,
    maxBytes: FULFILMENT_LIMITS.waybillBytes,
    types: 'pdf',
  },
  labelSplitCreate: {
    files: 'One multi-page PDF of labels.',
    maxFiles: 1,
    maxBytes: FULFILMENT_LIMITS.labelPdfBytes,
    types: 'pdf',
  },
  orderImportCreate: {
    files: 'The order workbook.',
    maxFiles: 1,
    maxBytes: ORDER_IMPORT_LIMITS.maxFileBytes,
    types: `xlsx (at most ${ORDER_IMPORT_LIMITS.maxRows} data rows)`,
  },
};

function uploadBody(doc: UploadDoc): Json {
  const limit = `${Math.round((doc.maxBytes / MB) * 10) / 10} MB`;
  const file = {
    type: 'string',
    format: 'binary',
    description: `${doc.files} Allowed types: ${doc.types} At most ${limit} per file.`,
  };
  return {
    required: true,
    description: `multipart/form-data with the part \`file\`${doc.maxFiles > 1 ? ` repeated, 1 to ${doc.maxFiles} files` : ' (exactly one file)'}; any other options travel in the query string.`,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['file'],
          properties: {
            file:
              doc.maxFiles > 1
                ? {
                    type: 'array',
                    items: file,
                    maxItems: doc.maxFiles,
                    description: `${doc.files} 1 to ${doc.maxFiles} files.`,
                  }
                : file,
          },
        },
      },
    },
  };
}

// ---- The design document ------------------------------------------------------------------------

/**
 * The design document's JSON Schema (packages/design), as OpenAPI 3.0 components: its `$defs`
 * become `DesignDocument_<name>` components and the references follow.
 */
function designDocumentComponents(): Record<string, Json> {
  const raw = z.toJSONSchema(designDocumentSchema, {
    target: 'openapi-3.0',
    io: 'input',
    unrepresentable: 'any',
  }) as Json & { $defs?: Record<string, Json>; definitions?: Record<string, Json> };
  const { $defs = {}, definitions = {}, $schema: _schema, ...root } = raw;
  const rename = (text: string) =>
    text.replace(
      /"#\/(?:\$defs|definitions)\/([^"]+)"/g,
      (_, n: string) => `"#/components/schemas/DesignDocument_${n}"`,
    );
  const out: Record<string, Json> = {
    DesignDocument: {
      ...(JSON.parse(rename(JSON.stringify(root))) as Json),
      description:
        'A design document (packages/design): the canvas of one product colour — its surfaces and layers (text, images, shapes, SVG, watermarks, tiling, groups) — as the editor saves it and the server validates and renders it.',
    },
  };
  for (const [name, def] of Object.entries({ ...$defs, ...definitions }))
    out[`DesignDocument_${name}`] = JSON.parse(rename(JSON.stringify(def))) as Json;
  return out;
}

// ---- Operations ---------------------------------------------------------------------------------

/** What the description of an operation adds beyond its summary, by operationId. */
export const OPERATION_NOTES: Record<string, string> = {};

const AUDIENCE_TEXT: Record<string, string> = {
  public: 'Anyone may call it, with no token.',
  admin: 'Needs the console token (`Authorization: Bearer …`).',
  member: 'Needs the member token (`X-User-Token`).',
};

interface OperationObject extends Json {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: Array<Json & { name: string; schema?: Schema; description?: string }>;
  requestBody?: Json & { content?: Record<string, Json & { schema?: Schema }> };
  responses?: Record<string, Json>;
  'x-audience'?: string;
  'x-permission'?: string | null;
}

function describeOperation(op: OperationObject, method: string, path: string): void {
  const id = op.operationId ?? `${method} ${path}`;
  const lines = [op.summary ? `${op.summary}.`.replace(/\.\.$/, '.') : `${humanise(id)}.`];
  const audience = op['x-audience'];
  if (audience) {
    const permission = op['x-permission'];
    lines.push(
      `${AUDIENCE_TEXT[audience] ?? ''}${permission ? ` Needs the permission \`${permission}\`.` : ''}`.trim(),
    );
  }
  if (OPERATION_NOTES[id]) lines.push(OPERATION_NOTES[id]);
  const ok = op.responses?.['200'];
  lines.push(
    ok && (ok.content as Json | undefined)?.['application/json']
      ? 'Replies with the envelope `{ code, msg, data, time }`; `code` 1 is success. A failure replies with its HTTP status as `code` and `data.errors` listing the fields it is about.'
      : 'Replies with the content itself (not an envelope); a failure replies with the error envelope.',
  );
  op.description = lines.join('\n\n');
}

const ERROR_RESPONSE = (() => {
  const schema = z.toJSONSchema(errorEnvelope, {
    target: 'openapi-3.0',
    io: 'output',
    unrepresentable: 'any',
  }) as Json;
  delete schema.$schema;
  return {
    description:
      'A failure: `code` is the HTTP status (spec §8), `msg` the message in the caller’s language, `data.errors` the fields it is about (empty when none), plus keys particular to the error.',
    content: { 'application/json': { schema } },
  };
})();

/** Completes the document in place (see the top of this file) and returns it. */
export function completeOpenApiDocument<D extends Json>(doc: D): D {
  const paths = (doc.paths ?? {}) as Record<string, Record<string, OperationObject>>;
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!op || typeof op !== 'object' || !('responses' in op)) continue;
      describeOperation(op, method, path);
      for (const parameter of op.parameters ?? []) {
        const description = describeField(parameter.name, {
          ...(parameter.schema ?? {}),
          ...(parameter.description ? { description: parameter.description } : {}),
        });
        if (description) parameter.description = description;
      }
      const upload = op.operationId ? UPLOADS[op.operationId] : undefined;
      if (upload) op.requestBody = uploadBody(upload);
      describeSchema(op.requestBody);
      const json = op.requestBody?.content?.['application/json'];
      if (json?.schema && json.example === undefined) json.example = exampleOf(json.schema);
      if (op.requestBody && !op.requestBody.description)
        op.requestBody.description = json?.schema?.description ?? 'The request body (JSON).';
      describeSchema(op.responses);
      op.responses = { ...op.responses, '4XX': op.responses?.['4XX'] ?? ERROR_RESPONSE };
    }
  }
  const components = ((doc as Json).components ?? {}) as Json & { schemas?: Record<string, Json> };
  components.schemas = { ...(components.schemas ?? {}), ...designDocumentComponents() };
  (doc as Json).components = components;
  describeSchema(components.schemas);
  return doc;
}
