/**
 * A form checked on submit only, where editing a field clears its error instead of re-checking it
 * (docs/product/screens-and-words.md#forms). `field(name)` registers a field that way.
 */
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';

export type SubmitOnlyForm<TInput extends FieldValues, TOutput> = UseFormReturn<TInput, unknown, TOutput> & {
  field: <TName extends Path<TInput>>(name: TName) => UseFormRegisterReturn<TName>;
};

export function useSubmitOnlyForm<TInput extends FieldValues, TOutput = TInput>(
  options: Omit<UseFormProps<TInput, unknown, TOutput>, 'mode' | 'reValidateMode'>,
): SubmitOnlyForm<TInput, TOutput> {
  const form = useForm<TInput, unknown, TOutput>({ ...options, mode: 'onSubmit', reValidateMode: 'onSubmit' });
  const field = <TName extends Path<TInput>>(name: TName) => form.register(name, { onChange: () => form.clearErrors(name) });
  return { ...form, field };
}
