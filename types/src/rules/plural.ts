/**
 * A count and its noun in English: '1 unit', '0 units', '12 units'. Only 1 takes the singular;
 * nouns with an irregular plural pass it ('1 row has', '2 rows have' is two calls, not a rule).
 */
export const pluralize = (count: number, singular: string, plural = `${singular}s`): string => `${count} ${count === 1 ? singular : plural}`;
