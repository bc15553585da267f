/** The spec's messages of the project routes (spec §5, §8), declared once. */
export const PROJECT_NOT_FOUND = 'Project not found';
