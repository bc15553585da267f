import { z } from 'zod';
import { MARKETS, type ImageMetadata, type Market } from '../domain';
import { hasControlCharacters, TEXT_MESSAGES, type TextKind } from '../rules/text';
import { PROJECT_MESSAGES } from './projects';

/**
 * The request bodies of the project routes of ./projects.ts as zod schemas, read by the server with
 * parseInput (cms/src/http/parse.ts) and by the web's property form: the same rules, the same messages.
 */

/** Every revision a form can hold: a positive whole number (the server starts at 1). */
export const revisionSchema = (requiredMessage: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? requiredMessage : 'revision must be a whole number') })
    .int('revision must be a whole number')
    .min(1, 'revision must be a whole number');

const isAbsent = (input: unknown) => input === undefined || input === null;

/** The shared rule on control characters (rules/text.ts, issue #25 finding 10), with its message. */
const cleanText = (label: string, kind: TextKind) => (text: string) => !hasControlCharacters(text, kind);
const controlMessage = (label: string, kind: TextKind) => (kind === 'single-line' ? TEXT_MESSAGES.singleLine(label) : TEXT_MESSAGES.multiLine(label));

/** A text of at most `max` characters, trimmed, without control characters; blank reads as null. */
const optionalText = (label: string, max: number, kind: TextKind = 'single-line') =>
  z
    .string({ error: `${label} must be text of at most ${max} characters` })
    .refine(cleanText(label, kind), controlMessage(label, kind))
    .trim()
    .max(max, `${label} must be text of at most ${max} characters`)
    .transform((value) => value || null)
    .nullable()
    .optional();

/** Name and location: required on create, and never blanked on an edit, with the spec's one message. */
const requiredText = (label: string, max: number) =>
  z
    .string({ error: (issue) => (isAbsent(issue.input) ? PROJECT_MESSAGES.required : `${label} must be text of at most ${max} characters`) })
    .refine(cleanText(label, 'single-line'), controlMessage(label, 'single-line'))
    .trim()
    .min(1, PROJECT_MESSAGES.required)
    .max(max, `${label} must be text of at most ${max} characters`);

/** Markets in the spec's order, each once, whatever order the client sent. */
const isMarket = (value: unknown): value is Market => (MARKETS as readonly unknown[]).includes(value);
// Checked as a whole, so the message sits on 'visibleTo' (the form's field), not on one entry of it.
const visibleToSchema = z
  .array(z.custom<Market>(), { error: PROJECT_MESSAGES.visibleTo })
  .refine((list) => list.every(isMarket), PROJECT_MESSAGES.visibleTo)
  .transform((list): Market[] => MARKETS.filter((market) => list.includes(market)));

/** The crop and position of the image (spec §3); bounded, since it is stored as given. */
const imageMetadataSchema = z
  .custom<ImageMetadata>((value) => typeof value === 'object' && value !== null && !Array.isArray(value), { error: PROJECT_MESSAGES.imageMetadata })
  .refine((metadata) => JSON.stringify(metadata).length <= 2000, PROJECT_MESSAGES.imageMetadata)
  .nullable();

const projectFields = {
  // The form's labels (spec §2 Property create/edit form), so a message names what the admin sees.
  name: requiredText('Property Name', 200),
  location: requiredText('Location', 300),
  description: optionalText('Description', 5000, 'multi-line'),
  projectType: optionalText('Project type', 60),
  visibleTo: visibleToSchema,
  imageUrl: optionalText('Property Image URL', 2000),
  imageMetadata: imageMetadataSchema.optional(),
};

/** POST /projects: name and location required; visibleTo defaults to none. */
export const createProjectInputSchema = z.strictObject({ ...projectFields, visibleTo: visibleToSchema.default([]) });

/**
 * PUT /projects/:id: a merge of the fields given (spec §7 'update (merge)'), always with the
 * revision the form was read at. A change of visibleTo is copied to the project's units.
 */
export const updateProjectInputSchema = z.strictObject({
  ...z.object(projectFields).partial().shape,
  revision: revisionSchema(PROJECT_MESSAGES.revisionRequired),
});

/** The property form's own fields (the image is uploaded separately): the same rules, the same messages. */
export const propertyFormSchema = createProjectInputSchema.pick({ name: true, location: true, description: true, visibleTo: true });

export type CreateProjectInput = z.input<typeof createProjectInputSchema>;
export type UpdateProjectInput = z.input<typeof updateProjectInputSchema>;
export type PropertyFormValues = z.input<typeof propertyFormSchema>;
export type PropertyFormOutput = z.output<typeof propertyFormSchema>;
