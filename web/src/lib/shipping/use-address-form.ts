import { useCallback, useState } from 'react';

import {
  ADDRESS_FIELDS,
  checkAddressField,
  EMPTY_ADDRESS,
  type AddressField,
  type AddressProblem,
  type AddressValues,
} from './address-rules';

/** A field's error: a problem this app words itself, or a server message shown as it came. */
export type FieldError = { problem: AddressProblem } | { message: string };
export type AddressErrors = Partial<Record<AddressField, FieldError>>;

const PROBLEMS: readonly string[] = ['required', 'too long', 'invalid', 'not shipped to'] satisfies AddressProblem[];

/** The server's word for a field (`["invalid"]`) as a field error. */
export function serverFieldError(messages: readonly unknown[]): FieldError {
  const words = messages.filter((message): message is string => typeof message === 'string');
  const first = words[0] ?? 'invalid';
  return PROBLEMS.includes(first) ? { problem: first as AddressProblem } : { message: words.join(' ') };
}

/**
 * One address form. Spec docs/spec-coverage.md#s5-forms-validate-blur-again: a field is checked when it loses
 * focus and again on every later blur (not while typing); submitting checks them all. Changing the country
 * checks the postcode again once it has been checked, since its shape depends on the country. `initial` is
 * the country to start with, or a whole address (one being changed).
 */
export function useAddressForm(countries: readonly string[], initial: string | AddressValues = '') {
  const [values, setValues] = useState<AddressValues>(
    typeof initial === 'string' ? { ...EMPTY_ADDRESS, country: initial } : { ...initial },
  );
  const [errors, setErrors] = useState<AddressErrors>({});

  const problemOf = useCallback(
    (field: AddressField, next: AddressValues): FieldError | undefined => {
      const problem = checkAddressField(field, next, countries);
      return problem ? { problem } : undefined;
    },
    [countries],
  );

  const set = useCallback((field: AddressField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  }, []);

  const blur = useCallback(
    (field: AddressField) => {
      setErrors((current) => {
        const next = { ...current, [field]: problemOf(field, values) };
        if (field === 'country' && 'postcode' in current) next.postcode = problemOf('postcode', values);
        return next;
      });
    },
    [problemOf, values],
  );

  /** Checks every field; answers the fields in error, in the form's order. */
  const validateAll = useCallback((): AddressField[] => {
    const next: AddressErrors = {};
    for (const field of ADDRESS_FIELDS) {
      const error = problemOf(field, values);
      if (error) next[field] = error;
    }
    setErrors(next);
    return ADDRESS_FIELDS.filter((field) => next[field]);
  }, [problemOf, values]);

  /** Fills the form (a saved address); what it shows is checked as a whole, so stale errors go. */
  const fill = useCallback((address: AddressValues) => {
    setValues({ ...address });
    setErrors({});
  }, []);

  return { values, errors, set, blur, validateAll, fill, setErrors, setValues };
}

export type AddressForm = ReturnType<typeof useAddressForm>;
