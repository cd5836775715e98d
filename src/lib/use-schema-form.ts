import { useRef, useState, type FormEvent } from 'react';
import { safeParse, type core } from 'zod/mini';

type Errors = Partial<Record<string, string>>;

/**
 * A form of text inputs checked with a zod schema, behaving as react-hook-form with
 * zodResolver does by default: checked on submit, then again on every change; the first
 * message per field; focus on the first field in error. For the sign-in forms only, whose
 * first load cannot afford react-hook-form (~15 kB gzip, docs/decisions/bundle.md);
 * every other form uses react-hook-form.
 */
export function useSchemaForm<S extends core.$ZodType<object, Record<string, string>>>(schema: S, onValid: (values: core.output<S>) => void) {
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<Errors>({});

  const check = () => {
    const values = Object.fromEntries([...inputs.current].map(([name, input]) => [name, input.value]));
    const result = safeParse(schema, values);
    const next: Errors = {};
    if (!result.success) for (const issue of result.error.issues) next[issue.path.join('.')] ??= issue.message;
    setErrors(next);
    return { result, next };
  };

  const field = (name: string) => ({
    name,
    ref: (input: HTMLInputElement | null) => {
      if (input) inputs.current.set(name, input);
      else inputs.current.delete(name);
    },
    onChange: () => {
      if (submitted.current) check();
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const { result, next } = check();
    if (result.success) onValid(result.data);
    else [...inputs.current].find(([name]) => next[name])?.[1].focus();
  };

  return { field, errors, onSubmit };
}
