/**
 * A form checked on submit only, where editing a field clears its error instead of re-checking it
 * (docs/product/screens-and-words.md#forms). `field(name)` registers a field that way and hands it its error message.
 */
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';

export type SubmitOnlyForm<TInput extends FieldValues, TOutput> = UseFormReturn<TInput, unknown, TOutput> & {
  field: <TName extends Path<TInput>>(name: TName) => UseFormRegisterReturn<TName> & { error: string | undefined };
};

export function useSubmitOnlyForm<TInput extends FieldValues, TOutput = TInput>(
  options: Omit<UseFormProps<TInput, unknown, TOutput>, 'mode' | 'reValidateMode'>,
): SubmitOnlyForm<TInput, TOutput> {
  const form = useForm<TInput, unknown, TOutput>({ ...options, mode: 'onSubmit', reValidateMode: 'onSubmit' });
  const field = <TName extends Path<TInput>>(name: TName) => ({
    ...form.register(name, { onChange: () => form.clearErrors(name) }),
    // Passing formState subscribes the form to its errors, so a field shows its message on the render that has it.
    error: form.getFieldState(name, form.formState).error?.message,
  });
  return { ...form, field };
}
