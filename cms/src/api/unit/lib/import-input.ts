import { z } from 'zod';
import { errors } from '@strapi/utils';
import { CSV_MESSAGES, objectInput } from '@repo/types';
import { parseInput } from '../../../http/parse';
import { textFlag } from '../../../http/text-flag';
import { checkCsvFile, uploadedFile, type UploadedFile } from './csv-upload';

type Ctx = Parameters<typeof uploadedFile>[0] & { request: { body?: unknown } };

/** The import's multipart text fields; a body that is no object of fields reads as none. */
const importFieldsSchema = z
  .unknown()
  .transform((body) => (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}))
  .pipe(objectInput({ skipInvalid: textFlag('skipInvalid'), notifyAgents: textFlag('notifyAgents') }));

const importFilesSchema = z.strictObject({ file: z.unknown().optional() });

export interface ImportUpload {
  file: UploadedFile;
  options: { skipInvalid: boolean; notifyAgents: boolean };
}

/** POST /projects/:id/units/import, multipart: the fields (skipInvalid, notifyAgents), then one CSV file in `file`. */
export const readImportUpload = (ctx: Ctx): ImportUpload => {
  const options = parseInput(importFieldsSchema, ctx.request.body);
  parseInput(importFilesSchema, ctx.request.files ?? {});
  const file = uploadedFile(ctx, 'file');
  if (!file) throw new errors.ValidationError(CSV_MESSAGES.fileRequired);
  checkCsvFile(file);
  return { file, options };
};
