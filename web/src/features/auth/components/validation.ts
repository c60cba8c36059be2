import { useCallback, useState } from 'react';

/** A field's check: the message to show, or null when the value is fine. */
export type Validator<Values> = (value: string, values: Values) => string | null;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function looksLikeEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/**
 * Spec docs/spec-coverage.md#s5-forms-validate-blur-again: a form validates a field when it loses focus, and
 * again on every later blur (not while typing, which would scold half-typed values); submitting validates
 * every field.
 */
export function useBlurValidation<Values extends Record<string, string>>(
  values: Values,
  validators: Partial<{ [K in keyof Values]: Validator<Values> }>,
) {
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});

  const check = useCallback(
    (name: keyof Values) => validators[name]?.(values[name] ?? '', values) ?? null,
    [validators, values],
  );

  const onBlur = useCallback(
    (name: keyof Values) => () => {
      const message = check(name);
      setErrors((current) => ({ ...current, [name]: message ?? undefined }));
    },
    [check],
  );

  const validateAll = useCallback((): boolean => {
    const next: Partial<Record<keyof Values, string>> = {};
    for (const name of Object.keys(validators) as (keyof Values)[]) {
      const message = check(name);
      if (message) next[name] = message;
    }
    setErrors(next);
    return Object.keys(next).length === 0;
  }, [check, validators]);

  return { errors, setErrors, onBlur, validateAll };
}
