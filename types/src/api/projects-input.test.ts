import { describe, expect, it } from 'vitest';
import { createProjectInputSchema, propertyFormSchema, updateProjectInputSchema } from './projects-input';
import { PROJECT_MESSAGES } from './projects';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.') || 'body', issue.message]));

describe('createProjectInputSchema', () => {
  it("gives 'Name and Location are required' on each missing, blank or null field", () => {
    expect(messagesOf(createProjectInputSchema.safeParse({}))).toEqual({ name: PROJECT_MESSAGES.required, location: PROJECT_MESSAGES.required });
    expect(messagesOf(createProjectInputSchema.safeParse({ name: '  ', location: null }))).toEqual({
      name: PROJECT_MESSAGES.required,
      location: PROJECT_MESSAGES.required,
    });
  });

  it('trims, turns blanks into null, orders and dedupes the markets, and defaults visibleTo to none', () => {
    expect(createProjectInputSchema.parse({ name: ' Marina ', location: 'Dubai', description: '  ', visibleTo: ['doha', 'dubai', 'doha'] })).toEqual({
      name: 'Marina',
      location: 'Dubai',
      description: null,
      visibleTo: ['dubai', 'doha'],
    });
    expect(createProjectInputSchema.parse({ name: 'A', location: 'B' }).visibleTo).toEqual([]);
  });

  it('refuses unknown fields, unknown markets on visibleTo itself, and oversized texts and metadata', () => {
    expect(createProjectInputSchema.safeParse({ name: 'A', location: 'B', id: 9 }).success).toBe(false);
    expect(messagesOf(createProjectInputSchema.safeParse({ name: 'A', location: 'B', visibleTo: ['dubai', 'muscat'] }))).toEqual({
      visibleTo: PROJECT_MESSAGES.visibleTo,
    });
    expect(messagesOf(createProjectInputSchema.safeParse({ name: 'N'.repeat(201), location: 'B' }))).toEqual({
      name: 'Property Name must be text of at most 200 characters',
    });
    expect(messagesOf(createProjectInputSchema.safeParse({ name: 'A', location: 'B', imageMetadata: [] }))).toEqual({
      imageMetadata: PROJECT_MESSAGES.imageMetadata,
    });
    expect(messagesOf(createProjectInputSchema.safeParse({ name: 'A', location: 'B', imageMetadata: { note: 'x'.repeat(2000) } }))).toEqual({
      imageMetadata: PROJECT_MESSAGES.imageMetadata,
    });
  });
});

describe('updateProjectInputSchema', () => {
  it('merges only the fields given, never blanks a name, and requires the revision read', () => {
    expect(updateProjectInputSchema.parse({ visibleTo: ['doha'], revision: 2 })).toEqual({ visibleTo: ['doha'], revision: 2 });
    expect(messagesOf(updateProjectInputSchema.safeParse({ name: '', revision: 2 }))).toEqual({ name: PROJECT_MESSAGES.required });
    expect(messagesOf(updateProjectInputSchema.safeParse({ name: 'A' }))).toEqual({ revision: PROJECT_MESSAGES.revisionRequired });
    for (const revision of [0, 1.5, '2', null]) expect(updateProjectInputSchema.safeParse({ revision }).success, String(revision)).toBe(false);
  });
});

describe('propertyFormSchema', () => {
  it('is the create schema on the form’s fields: the same messages', () => {
    const values = { name: '', location: 'Dubai', description: '', visibleTo: [] };
    expect(messagesOf(propertyFormSchema.safeParse(values))).toEqual(messagesOf(createProjectInputSchema.safeParse(values)));
  });
});
