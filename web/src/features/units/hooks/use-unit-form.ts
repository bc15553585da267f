import { useCallback, useMemo } from 'react';
import { useForm, type DefaultValues, type FieldError, type FieldErrors, type FieldValues, type Path, type PathValue, type Resolver } from 'react-hook-form';
import type { FormErrors } from '../utils/unit-form-values';

/** Each problem on its field's path ('batch.prefix' for a part of the batch), as react-hook-form keeps them. */
const toFieldErrors = (errors: FormErrors): Record<string, FieldError> =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, { type: 'contract', message }]));

/** The errors to show, flat by field path, as the unit fields take them. */
const flatten = (errors: FieldErrors, prefix = ''): FormErrors => {
  const flat: FormErrors = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    if (typeof value.message === 'string') flat[`${prefix}${key}`] = value.message;
    else Object.assign(flat, flatten(value as FieldErrors, `${prefix}${key}.`));
  }
  return flat;
};

/** 'batch.prefix': { … } as { batch: { prefix: { … } } }, the shape react-hook-form reads errors in. */
const nest = <Values extends FieldValues>(flat: Record<string, FieldError>): FieldErrors<Values> => {
  const nested: Record<string, unknown> = {};
  for (const [path, error] of Object.entries(flat)) {
    const parts = path.split('.');
    let at = nested;
    for (const part of parts.slice(0, -1)) at = (at[part] ??= {}) as Record<string, unknown>;
    at[parts[parts.length - 1]] = error;
  }
  return nested as FieldErrors<Values>;
};

/**
 * A unit form's state in react-hook-form, validated by `check`: the contract's unit schemas
 * (types/src/api/units.ts, through checkNewUnits / checkUnitEdit), so the form and the server say
 * the same. As react-hook-form does by default, nothing is checked before the first submit; from then
 * on a field is checked again as it changes, so its error leaves as soon as the value is valid. A
 * server error stays on its field until that field is edited.
 */
export const useUnitForm = <Values extends FieldValues>(defaultValues: Values, check: (values: Values) => FormErrors) => {
  const resolver = useCallback<Resolver<Values>>(
    (values) => {
      const errors = check(values);
      return Object.keys(errors).length > 0 ? { values: {}, errors: nest<Values>(toFieldErrors(errors)) } : { values, errors: {} };
    },
    [check],
  );
  const form = useForm<Values>({ defaultValues: defaultValues as DefaultValues<Values>, resolver });
  const values = form.watch();
  const { errors: fieldErrors, isSubmitted } = form.formState;
  const errors = useMemo(() => flatten(fieldErrors), [fieldErrors]);

  const setField = useCallback(
    <Name extends Path<Values>>(field: Name, value: PathValue<Values, Name>) => form.setValue(field, value, { shouldValidate: isSubmitted, shouldDirty: true }),
    [form, isSubmitted],
  );

  const setServerErrors = useCallback(
    (serverErrors: FormErrors) => {
      for (const [field, message] of Object.entries(serverErrors)) form.setError(field as Path<Values>, { type: 'server', message });
    },
    [form],
  );

  return { form, values: values as Values, errors, setField, setServerErrors };
};
