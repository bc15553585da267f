import { errors } from '@strapi/utils';
import { isRecordId } from '../db';

/**
 * Strict parsing of request bodies. Every auth input has a known shape; anything else (an object
 * where a string belongs, `{"$ne": ""}`, `true`, an unknown field such as `role`) is a 400 before
 * any rule or query sees it (CVE-2019-18818, mass assignment).
 */
interface Common {
  optional?: true;
  nullable?: true;
}
export interface StringField extends Common {
  kind: 'string';
  max: number;
}
export interface EnumField<T extends string = string> extends Common {
  kind: 'enum';
  values: readonly T[];
}
export interface IdListField extends Common {
  kind: 'ids';
  max: number;
}
export type Field = StringField | EnumField | IdListField;
export type Shape = Record<string, Field>;

type ValueOf<F> = F extends EnumField<infer T> ? T : F extends IdListField ? number[] : string;
type Presence<F> = (F extends { nullable: true } ? null : never) | (F extends { optional: true } ? undefined : never);
export type Parsed<S extends Shape> = { [K in keyof S]: ValueOf<S[K]> | Presence<S[K]> };

export const text = (max: number): StringField => ({ kind: 'string', max });
export const oneOf = <T extends string>(values: readonly T[]): EnumField<T> => ({ kind: 'enum', values });
export const ids = (max: number): IdListField => ({ kind: 'ids', max });
export const optional = <F extends Field>(field: F): F & { optional: true } => ({ ...field, optional: true });
export const nullable = <F extends Field>(field: F): F & { nullable: true } => ({ ...field, nullable: true });

const fail = (field: string, message: string): never => {
  throw new errors.ValidationError(`Invalid request: ${message}`, { errors: [{ path: [field], message }] });
};

const parseValue = (field: string, spec: Field, value: unknown): unknown => {
  if (value === null && spec.nullable) return null;
  switch (spec.kind) {
    case 'string':
      if (typeof value !== 'string') return fail(field, `'${field}' must be a string`);
      if (value.length > spec.max) return fail(field, `'${field}' must be at most ${spec.max} characters`);
      return value;
    case 'enum':
      if (typeof value !== 'string' || !spec.values.includes(value)) {
        return fail(field, `'${field}' must be one of ${spec.values.join(', ')}`);
      }
      return value;
    case 'ids':
      if (!Array.isArray(value) || value.length > spec.max) return fail(field, `'${field}' must be a list of at most ${spec.max} ids`);
      for (const id of value) {
        if (!isRecordId(id)) return fail(field, `'${field}' must hold positive integer ids`);
      }
      return [...new Set(value as number[])];
  }
};

/** The body as the shape says, or a ValidationError naming the first field at fault. */
export const parseBody = <S extends Shape>(body: unknown, shape: S): Parsed<S> => {
  // No body at all is an empty object: routes without input accept it, others fail on a required field.
  const source = body === undefined || body === '' ? {} : body;
  if (typeof source !== 'object' || source === null || Array.isArray(source)) {
    throw new errors.ValidationError('Invalid request: the body must be a JSON object');
  }
  const record = source as Record<string, unknown>;
  const unknown = Object.keys(record).filter((key) => !Object.prototype.hasOwnProperty.call(shape, key));
  if (unknown.length > 0) fail(unknown[0], `unknown field '${unknown[0]}'`);
  const parsed: Record<string, unknown> = {};
  for (const [field, spec] of Object.entries(shape)) {
    if (record[field] === undefined) {
      if (!spec.optional) fail(field, `'${field}' is required`);
      continue;
    }
    parsed[field] = parseValue(field, spec, record[field]);
  }
  return parsed as Parsed<S>;
};

// Kept here for the routes not yet moved onto parseInput (api/portal-user).
export { requestBody } from './request';
